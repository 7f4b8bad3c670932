// Placeholder: the Profile screen is being built (see the issue of its feature).
export default function ProfilePage() {
  return (
    <main className="page">
      <h1>Profile</h1>
    </main>
  );
}
