import { useMemo } from 'react';
// The Code 128 encoder alone (not toSVG, which brings every symbology: 175 KB compressed, issue 15).
import { code128, drawingSVG } from 'bwip-js/browser';

/** A Code 128 barcode of `text` as an SVG image (scanners read the sterilisation id from it). */
export function Barcode({ text, height = 8 }: { text: string; height?: number }) {
  const source = useMemo(() => {
    const svg = code128({ bcid: 'code128', text, height, includetext: false, paddingwidth: 2 }, drawingSVG());
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }, [text, height]);
  return <img src={source} alt={`Cod de bare ${text}`} data-testid="barcode" />;
}
