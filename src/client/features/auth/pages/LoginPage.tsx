// Placeholder: the Login screen is being built (see the issue of its feature).
export default function LoginPage() {
  return (
    <main className="page">
      <h1>Login</h1>
    </main>
  );
}
