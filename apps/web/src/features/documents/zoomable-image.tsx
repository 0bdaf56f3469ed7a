import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { nextZoom, panAfterZoom, ZOOM } from '@odonto/domain/documents';

interface Point {
  x: number;
  y: number;
}

const CENTRE: Point = { x: 0, y: 0 };

/**
 * A picture to examine (X-rays): the wheel zooms around the pointer, dragging pans, a double click or
 * the reset button fits it again; + and - zoom from the keyboard. Our own few lines: pointer events and
 * a CSS transform, no library.
 */
export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [{ zoom, pan }, setView] = useState<{ zoom: number; pan: Point }>({ zoom: ZOOM.min, pan: CENTRE });
  const [isDragging, setIsDragging] = useState(false);
  const drag = useRef<{ pointerId: number; last: Point } | null>(null);

  const zoomBy = useCallback((steps: number, around: Point = CENTRE) => {
    setView((view) => {
      const next = nextZoom(view.zoom, steps);
      return { zoom: next, pan: panAfterZoom(view.pan, around, view.zoom, next) };
    });
  }, []);

  function reset() {
    setView({ zoom: ZOOM.min, pan: CENTRE });
  }

  // React's wheel handler is passive and cannot stop the page from scrolling; a native one can.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    function handleWheel(event: WheelEvent) {
      event.preventDefault();
      const box = frame!.getBoundingClientRect();
      const around = {
        x: event.clientX - box.left - box.width / 2,
        y: event.clientY - box.top - box.height / 2,
      };
      zoomBy(event.deltaY < 0 ? 1 : -1, around);
    }
    frame.addEventListener('wheel', handleWheel, { passive: false });
    return () => frame.removeEventListener('wheel', handleWheel);
  }, [zoomBy]);

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (zoom <= ZOOM.min) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, last: { x: event.clientX, y: event.clientY } };
    setIsDragging(true);
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.last.x;
    const dy = event.clientY - current.last.y;
    current.last = { x: event.clientX, y: event.clientY };
    setView((view) => ({ zoom: view.zoom, pan: { x: view.pan.x + dx, y: view.pan.y + dy } }));
  }

  function handlePointerUp() {
    drag.current = null;
    setIsDragging(false);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === '+' || event.key === '=') zoomBy(1);
    else if (event.key === '-') zoomBy(-1);
    else if (event.key === '0') reset();
    else return;
    event.preventDefault();
  }

  return (
    <div>
      <Group gap="xs" mb="xs">
        <Tooltip label="Mărește">
          <ActionIcon
            variant="default"
            aria-label="Mărește"
            onClick={() => zoomBy(1)}
            disabled={zoom >= ZOOM.max}
          >
            <IconZoomIn size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Micșorează">
          <ActionIcon
            variant="default"
            aria-label="Micșorează"
            onClick={() => zoomBy(-1)}
            disabled={zoom <= ZOOM.min}
          >
            <IconZoomOut size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Dimensiune inițială">
          <ActionIcon variant="default" aria-label="Dimensiune inițială" onClick={reset}>
            <IconZoomReset size={18} />
          </ActionIcon>
        </Tooltip>
        <Text size="sm" c="dimmed" data-testid="zoom-level">
          {Math.round(zoom * 100)}%
        </Text>
      </Group>
      <div
        ref={frameRef}
        role="img"
        aria-label={`${alt} (rotița mouse-ului mărește, tragerea mută imaginea)`}
        tabIndex={0}
        data-zoom={zoom}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerUp}
        onPointerCancel={handlePointerUp}
        onDoubleClick={reset}
        onKeyDown={handleKeyDown}
        style={{
          height: '70vh',
          overflow: 'hidden',
          background: '#111',
          borderRadius: 'var(--mantine-radius-sm)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: zoom > ZOOM.min ? (isDragging ? 'grabbing' : 'grab') : 'zoom-in',
          touchAction: 'none',
          userSelect: 'none',
        }}
      >
        <img
          src={src}
          alt={alt}
          draggable={false}
          style={{
            maxWidth: '100%',
            maxHeight: '100%',
            transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})`,
            transformOrigin: 'center',
            transition: isDragging ? 'none' : 'transform 80ms ease-out',
          }}
        />
      </div>
    </div>
  );
}
