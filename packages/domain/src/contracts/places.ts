import { z } from 'zod';

/** Where the stored localities come from; absent before any register was loaded. */
export const placesRegister = z.object({
  /** True for the register shipped with Odonto (loaded on the first start or by the demo seed). */
  inclus: z.boolean(),
  /** The SIRUTA edition when known, e.g. '2025_S1'. */
  editie: z.string().optional(),
  /** When it was loaded or imported (ISO 8601). */
  incarcatLa: z.string(),
});
export type PlacesRegister = z.infer<typeof placesRegister>;

/** GET /api/places: the counties (built in) and the world's countries in Romanian. */
export const placesResponse = z.object({
  judete: z.array(z.object({ auto: z.string(), nume: z.string(), localitati: z.number().int() })),
  tari: z.array(z.object({ code: z.string(), nume: z.string() })),
  registru: placesRegister.optional(),
});
export type PlacesResponse = z.infer<typeof placesResponse>;

/** GET /api/places/{auto}: one county's localities (SPEC.md §3). */
export const countyLocalitiesResponse = z.object({
  auto: z.string(),
  nume: z.string(),
  localitati: z.array(
    z.object({ nume: z.string(), simplu: z.string().optional(), comuna: z.string().optional() }),
  ),
});
export type CountyLocalitiesResponse = z.infer<typeof countyLocalitiesResponse>;

/** The answer of a SIRUTA import (CLI or admin upload). */
export const sirutaImportResponse = z.object({ counties: z.number().int(), localities: z.number().int() });
