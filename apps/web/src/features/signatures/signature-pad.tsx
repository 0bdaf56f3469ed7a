import { useEffect, useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import SignaturePad from 'signature_pad';

export interface SignaturePadFieldProps {
  /** Called with the drawn signature as a PNG data URL. */
  onSave: (dataUrl: string) => void;
  onCancel?: () => void;
  isSaving?: boolean;
  saveLabel?: string;
  /** The drawing area's height in CSS pixels (its width follows the container). */
  height?: number;
  /** Bigger buttons and line, for a tablet held by the patient. */
  large?: boolean;
}

/**
 * A signature area (signature_pad: mouse, touch and stylus through pointer events) with Șterge and
 * save. The canvas is sized to its box times the screen's pixel ratio, so lines stay sharp.
 */
export function SignaturePadField({
  onSave,
  onCancel,
  isSaving = false,
  saveLabel = 'Salvează semnătura',
  height = 200,
  large = false,
}: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [isEmpty, setIsEmpty] = useState(true);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, {
      minWidth: large ? 1.5 : 0.8,
      maxWidth: large ? 4 : 2.5,
      penColor: '#0b1f4a',
    });
    padRef.current = pad;
    const handleEnd = () => setIsEmpty(pad.isEmpty());
    pad.addEventListener('endStroke', handleEnd);

    // A resize clears a canvas; what was drawn is redrawn from the strokes at the new size.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', handleEnd);
      pad.off();
      padRef.current = null;
    };
  }, [large]);

  function handleClear() {
    padRef.current?.clear();
    setIsEmpty(true);
  }

  function handleSave() {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) return;
    onSave(pad.toDataURL('image/png'));
  }

  const size = large ? 'xl' : 'sm';
  return (
    <Stack gap="xs">
      <canvas
        ref={canvasRef}
        aria-label="Zona de semnătură"
        data-testid="signature-canvas"
        style={{
          width: '100%',
          height,
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 8,
          background: 'white',
          // The pad handles pointer events itself; the page must not scroll or zoom while signing.
          touchAction: 'none',
          cursor: 'crosshair',
        }}
      />
      <Text size={large ? 'md' : 'xs'} c="dimmed">
        Semnați în chenar cu degetul, creionul sau mouse-ul.
      </Text>
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" size={size} onClick={handleClear} disabled={isSaving}>
            Șterge
          </Button>
          {onCancel ? (
            <Button variant="subtle" size={size} onClick={onCancel} disabled={isSaving}>
              Renunță
            </Button>
          ) : null}
        </Group>
        <Button size={size} onClick={handleSave} disabled={isEmpty} loading={isSaving}>
          {saveLabel}
        </Button>
      </Group>
    </Stack>
  );
}
