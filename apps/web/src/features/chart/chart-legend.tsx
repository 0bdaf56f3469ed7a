import type { ReactNode } from 'react';
import { MATERIALS } from '@odonto/domain/catalogue';
import { IMPLANT_BODY, IMPLANT_THREADS, TOOTH_SHAPES } from './tooth-shapes';
import classes from './dental-chart.module.css';

/** The crown and bridge materials, with the colours the chart fills them with. */
const CROWN_MATERIALS = [
  MATERIALS.metaloCeramica,
  MATERIALS.zirconiu,
  MATERIALS.integralCeramica,
  MATERIALS.metal,
  MATERIALS.provizoriu,
  MATERIALS.compozit,
];

const premolar = TOOTH_SHAPES.premolar;

/** A whole tooth (root and crown), or only its crown, drawn at legend size. */
function Swatch({ children, crownOnly = false }: { children: ReactNode; crownOnly?: boolean }) {
  return (
    <svg
      className={crownOnly ? classes.swatch : classes.toothSwatch}
      viewBox={crownOnly ? '-22 66 44 58' : '-24 -2 48 126'}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** What each mark of the chart means; the crown colours by material; with a plan drawn, the planned mark. */
export function ChartLegend({ hasPlan = false }: { hasPlan?: boolean }) {
  return (
    <ul className={classes.legend} aria-label="Legendă">
      {hasPlan ? (
        <li>
          <svg className={classes.swatch} viewBox="0 0 40 40" aria-hidden="true">
            <defs>
              <pattern
                id="legend-plan-hatch"
                width={8}
                height={8}
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <rect width={8} height={8} className={classes.hatchGround} />
                <line x1={0} y1={0} x2={0} y2={8} className={classes.hatchLine} />
              </pattern>
            </defs>
            <g className={classes.planned}>
              <rect x={4} y={4} width={32} height={32} rx={6} fill="url(#legend-plan-hatch)" />
            </g>
          </svg>
          planificat (plan de tratament)
        </li>
      ) : null}
      {CROWN_MATERIALS.map((material) => (
        <li key={material.fill}>
          <Swatch crownOnly>
            <path d={premolar.crown} fill={material.fill} className={classes.outline} />
          </Swatch>
          coroană {material.label}
        </li>
      ))}
      <li>
        <svg className={classes.swatch} viewBox="0 0 40 40" aria-hidden="true">
          <rect x={2} y={14} width={36} height={12} rx={4} fill="#adb5bd" className={classes.bridgeBand} />
        </svg>
        punte (stâlpi și elemente intermediare)
      </li>
      <li>
        <Swatch>
          <g className={classes.gone}>
            <path d={premolar.root} />
            <path d={premolar.crown} />
          </g>
          <path d="M -20 20 L 20 110 M 20 20 L -20 110" className={classes.extracted} />
        </Swatch>
        extras
      </li>
      <li>
        <Swatch>
          <g className={classes.gone}>
            <path d={premolar.root} />
            <path d={premolar.crown} />
          </g>
        </Swatch>
        lipsă (marcat șters)
      </li>
      <li>
        <Swatch>
          <g className={classes.implant}>
            <path d={IMPLANT_BODY} fill={MATERIALS.implant.fill} />
            <path d={IMPLANT_THREADS} className={classes.threads} />
          </g>
          <path d={premolar.crown} fill="#ffffff" className={classes.outline} />
        </Swatch>
        implant
      </li>
      <li>
        <Swatch>
          <path d={premolar.root} fill="#f3ead8" className={classes.outline} />
          <path d={premolar.canals} className={classes.canal} stroke={MATERIALS.endodontic.fill} />
          <path d={premolar.crown} fill="#ffffff" className={classes.outline} />
        </Swatch>
        tratament endodontic
      </li>
      <li>
        <svg className={classes.swatch} viewBox="0 0 20 20" aria-hidden="true">
          <circle cx={10} cy={10} r={6} fill="#1c7ed6" className={classes.others} />
        </svg>
        alte tratamente
      </li>
    </ul>
  );
}
