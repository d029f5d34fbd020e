export function EnquiryButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button type="button" className="button" aria-haspopup="dialog" onClick={onOpen}>
      Send Enquiry
    </button>
  );
}
