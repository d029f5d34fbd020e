/** Never shown: the guard sends every visitor on (to the dashboard, or to log in). */
export default function Page() {
  return (
    <p>
      <a href="/cp/dashboard">Open your control panel</a>
    </p>
  );
}
