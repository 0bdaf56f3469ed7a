import type { ToothType } from '@odonto/domain/teeth';

/**
 * The outline of each tooth type, drawn as an upper tooth: x is centred on 0, the root's apex is near
 * y = 0, the neck (where crown meets root) at y = NECK_Y and the biting edge near y = TOOTH_HEIGHT.
 * A lower tooth is the same drawing mirrored vertically, so its crown faces the upper row.
 */
export const NECK_Y = 70;
export const TOOTH_HEIGHT = 122;

export interface ToothShape {
  crown: string;
  root: string;
  /** The root canals, drawn over the root when it had an endodontic treatment. */
  canals: string;
  /** Half the crown's widest extent: where a bridge's connector reaches. */
  halfWidth: number;
}

export const TOOTH_SHAPES: Record<ToothType, ToothShape> = {
  incisor: {
    crown: 'M -12 70 L 12 70 C 15 85 16 105 15 118 Q 0 122 -15 118 C -16 105 -15 85 -12 70 Z',
    root: 'M -11 72 C -10 45 -6 15 0 4 C 6 15 10 45 11 72 Z',
    canals: 'M 0 70 L 0 16',
    halfWidth: 16,
  },
  canine: {
    crown: 'M -13 70 L 13 70 C 17 85 17 100 12 108 L 0 121 L -12 108 C -17 100 -17 85 -13 70 Z',
    root: 'M -11 72 C -10 40 -5 6 0 0 C 5 6 10 40 11 72 Z',
    canals: 'M 0 70 L 0 12',
    halfWidth: 17,
  },
  premolar: {
    crown:
      'M -15 70 L 15 70 C 19 85 19 100 16 112 Q 10 119 6 114 Q 0 110 -6 114 Q -10 119 -16 112 ' +
      'C -19 100 -19 85 -15 70 Z',
    root: 'M -12 72 C -11 45 -6 15 0 8 C 6 15 11 45 12 72 Z',
    canals: 'M 0 70 L 0 20',
    halfWidth: 19,
  },
  molar: {
    crown:
      'M -22 70 L 22 70 C 26 85 26 100 23 112 Q 18 120 12 114 Q 7 110 0 115 Q -7 110 -12 114 ' +
      'Q -18 120 -23 112 C -26 100 -26 85 -22 70 Z',
    root:
      'M -20 72 C -20 50 -18 25 -12 10 C -8 25 -5 50 -3 72 Z ' +
      'M 3 72 C 5 50 8 25 12 10 C 18 25 20 50 20 72 Z',
    canals: 'M -11 70 L -11 22 M 11 70 L 11 22',
    halfWidth: 25,
  },
};

/** An implant drawn where the root was: a tapered screw with its threads. */
export const IMPLANT_BODY = 'M -7 72 L -7 24 L 0 12 L 7 24 L 7 72 Z';
export const IMPLANT_THREADS = [28, 36, 44, 52, 60, 68].map((y) => `M -10 ${y} L 10 ${y - 4}`).join(' ');
