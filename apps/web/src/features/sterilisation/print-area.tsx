import { useEffect, useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './print-area.css';

/** What the browser's print produces while a print area is shown: 50×25 mm labels or A4 pages. */
export type PrintFormat = 'label' | 'a4';

const PAGE_RULES: Record<PrintFormat, string> = {
  label: '@page { size: 50mm 25mm; margin: 0; }',
  a4: '@page { size: A4 portrait; margin: 12mm; }',
};

// The latest mounted area is the one printed; closing it gives printing back to the one before.
const stack: { id: string; format: PrintFormat }[] = [];

function applyTop(): void {
  const top = stack.at(-1);
  const style = document.getElementById('odonto-print-page') ?? document.createElement('style');
  style.id = 'odonto-print-page';
  if (!style.isConnected) document.head.append(style);
  for (const area of document.querySelectorAll<HTMLElement>('.odonto-print-area')) {
    area.classList.toggle('is-printing', area.dataset['printId'] === top?.id);
  }
  if (top) {
    document.body.dataset['printing'] = top.format;
    style.textContent = PAGE_RULES[top.format];
  } else {
    delete document.body.dataset['printing'];
    style.textContent = '';
  }
}

/**
 * Content that only the browser's print shows (hidden on screen): while mounted, printing the page prints
 * this and nothing else, on the page size of `format`.
 */
export function PrintArea({ format, children }: { format: PrintFormat; children: ReactNode }) {
  const id = useId();
  useEffect(() => {
    stack.push({ id, format });
    applyTop();
    return () => {
      const index = stack.findIndex((entry) => entry.id === id);
      if (index >= 0) stack.splice(index, 1);
      applyTop();
    };
  }, [id, format]);
  return createPortal(
    <div className="odonto-print-area" data-print-id={id} data-format={format}>
      {children}
    </div>,
    document.body,
  );
}

/** Opens the browser's print dialog (SPEC.md §7: printing uses the browser's print). */
export function printNow(): void {
  window.print();
}
