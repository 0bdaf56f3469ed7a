import { z } from 'zod';

/** GET /api/places: the counties (built in) and the world's countries in Romanian. */
export const placesResponse = z.object({
  judete: z.array(z.object({ auto: z.string(), nume: z.string(), localitati: z.number().int() })),
  tari: z.array(z.object({ code: z.string(), nume: z.string() })),
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
