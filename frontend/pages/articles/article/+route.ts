export default '/articles/@slug';
