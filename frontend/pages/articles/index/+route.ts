export default '/articles';
