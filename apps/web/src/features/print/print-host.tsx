import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { usePrintJob } from './print-store';
import classes from './print.module.css';

/** Resolves once every picture of the sheet has loaded (or failed), so none prints blank. */
async function picturesLoaded(root: HTMLElement): Promise<void> {
  const pictures = [...root.querySelectorAll('img')];
  await Promise.all(
    pictures.map((picture) =>
      picture.complete
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            picture.addEventListener('load', () => resolve(), { once: true });
            picture.addEventListener('error', () => resolve(), { once: true });
          }),
    ),
  );
}

/**
 * The print-only area (SPEC.md §2), mounted once beside the modal host: the last sheet asked for, hidden
 * on screen. Each new sheet opens the browser's print dialog once its pictures have loaded; until the
 * browser says it has printed (afterprint), printing the page prints only the sheet.
 */
export function PrintHost() {
  const job = usePrintJob();
  const areaRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!job) return;
    document.body.classList.add('odonto-print');
    let isCurrent = true;
    const area = areaRef.current;
    const handleAfterPrint = () => document.body.classList.remove('odonto-print');
    void (async () => {
      if (area) await picturesLoaded(area);
      if (!isCurrent) return;
      window.addEventListener('afterprint', handleAfterPrint, { once: true });
      window.print();
    })();
    return () => {
      isCurrent = false;
      window.removeEventListener('afterprint', handleAfterPrint);
      handleAfterPrint();
    };
  }, [job]);

  if (!job) return null;
  return createPortal(
    <div
      ref={areaRef}
      className={classes.area}
      data-testid="print-area"
      data-print-kind={job.kind}
      key={job.key}
    >
      {job.sheet}
    </div>,
    document.body,
  );
}
