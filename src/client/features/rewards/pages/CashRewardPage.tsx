// Placeholder: the Cash Reward screen is being built (see the issue of its feature).
export default function CashRewardPage() {
  return (
    <main className="page">
      <h1>Cash Reward</h1>
    </main>
  );
}
