import { ClipboardEvent, KeyboardEvent, useRef } from 'react';
import { pressWillFollow } from '../lib/press-follows';

/**
 * Four one-digit boxes. Typing moves on to the next box, pasting fills all four, and the fourth digit submits.
 * Digits typed before hydration submit once hydrated, unless a press of the form's button was held too: then that
 * press sends it, once.
 */
export function CodeBoxes({ digits, onChange, onComplete, error }: { digits: string[]; onChange: (d: string[]) => void; onComplete: (d: string[]) => void; error?: string }) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const set = (i: number, value: string) => {
    const next = [...digits];
    next[i] = value.slice(-1);
    onChange(next);
    if (value && i < 3) refs.current[i + 1]?.focus();
    if (value && i === 3 && !pressWillFollow()) onComplete(next);
  };
  const paste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text').replace(/\s/g, '').slice(0, 4);
    if (!text) return;
    e.preventDefault();
    const next = [0, 1, 2, 3].map((i) => text[i] ?? '');
    onChange(next);
    refs.current[Math.min(text.length, 3)]?.focus();
    if (text.length === 4) onComplete(next);
  };
  const back = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) refs.current[i - 1]?.focus();
  };
  return (
    <fieldset className="code-boxes" aria-describedby={error ? 'code-error' : undefined}>
      <legend>Enter the 4-digit code we emailed you</legend>
      {digits.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          aria-label={`Digit ${i + 1}`}
          data-code-box=""
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          value={d}
          onChange={(e) => set(i, e.target.value)}
          onPaste={paste}
          onKeyDown={(e) => back(i, e)}
        />
      ))}
      {error && (
        <p className="field-error" id="code-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
