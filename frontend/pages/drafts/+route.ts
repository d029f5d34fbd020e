export default '/drafts/@postId';
