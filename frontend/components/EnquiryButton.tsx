/** Name of the window event that opens the enquiry form for a post (the form listens for it). */
export const OPEN_ENQUIRY_EVENT = 'directory:open-enquiry';

export function EnquiryButton({ postId }: { postId: number }) {
  return (
    <button
      type="button"
      className="button"
      aria-haspopup="dialog"
      onClick={() => window.dispatchEvent(new CustomEvent(OPEN_ENQUIRY_EVENT, { detail: { postId } }))}
    >
      Send Enquiry
    </button>
  );
}
