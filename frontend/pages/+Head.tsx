export default function Head() {
  return (
    <>
      <meta name="theme-color" content="#1d4e5f" />
      <link rel="icon" href="data:," />
    </>
  );
}
