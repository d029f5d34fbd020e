import { ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../lib/i18n';
import { refine } from '../lib/listing';

export interface DialogItem {
  slug: string;
  name: string;
  href: string;
  /** Second line: a county or category tag, or a price description. */
  tag?: string;
  icon?: ReactNode;
  count?: number;
  current?: boolean;
}

export interface RefineDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  items: DialogItem[];
  emptyText: string;
  clear?: { href: string; label: string };
  note?: ReactNode;
}

/**
 * A refine dialog on the native <dialog> element: showModal() makes the page behind it inert (focus stays
 * inside), Escape closes it, and focus returns to the button that opened it.
 */
export function RefineDialog({ title, open, onClose, items, emptyText, clear, note }: RefineDialogProps) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [q, setQ] = useState('');
  const id = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      setQ('');
      d.showModal();
    } else if (!open && d.open) d.close();
  }, [open]);

  const shown = refine(items, q);
  return (
    <dialog ref={ref} className="refine-dialog" aria-labelledby={`${id}-title`} onClose={onClose} onClick={(e) => e.target === ref.current && onClose()}>
      <div className="dialog-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('listing.close')}>
          ×
        </button>
      </div>
      <label className="visually-hidden" htmlFor={`${id}-q`}>
        {t('listing.refinePlaceholder')}
      </label>
      <input id={`${id}-q`} className="refine-input" type="search" placeholder={t('listing.refinePlaceholder')} value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
      {note}
      {shown.length === 0 ? (
        <p className="empty">{emptyText}</p>
      ) : (
        <ul className="dialog-list">
          {shown.map((item) => (
            <li key={item.slug}>
              <a href={item.href} onClick={onClose} aria-current={item.current ? 'page' : undefined}>
                {item.icon}
                <span className="dialog-item-text">
                  <span className="dialog-item-name">{item.name}</span>
                  {item.tag && <span className="tag">{item.tag}</span>}
                </span>
                {item.count !== undefined && <span className="count-badge">{item.count}</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
      {clear && (
        <a className="button button-secondary dialog-clear" href={clear.href} onClick={onClose}>
          {clear.label}
        </a>
      )}
    </dialog>
  );
}
