export default '/cp/listings/@postId';
