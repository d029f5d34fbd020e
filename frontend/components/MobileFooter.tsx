import { greeting } from '../lib/profile';
import type { Site } from '../lib/types';
import { EnquiryButton } from './EnquiryButton';

/** On phones, profile and draft pages keep a footer with 'Send Enquiry' and a messaging-app link. */
export function MobileFooter({ site, title, url, onEnquire }: { site: Site; title: string; url: string; onEnquire: () => void }) {
  return (
    <div className="mobile-footer" data-testid="mobile-footer">
      <EnquiryButton onOpen={onEnquire} />
      <a className="button button-secondary" href={`https://wa.me/?text=${encodeURIComponent(greeting(site, title, url))}`} target="_blank" rel="noopener noreferrer">
        WhatsApp
      </a>
    </div>
  );
}
