/**
 * The treatment catalogue's data (DESIGN.md §7): about 100 procedures of a Romanian dental clinic. The
 * rules over it (kinds, lookups) are in catalogue.ts, which also explains the id scheme; in short:
 * bridges 0.x, single crowns 1 and 1.x, extraction 3, implant 4, endodontics 5 … 6, everything else
 * `group × 100 + n`.
 */
import type { CatalogueGroup, TreatmentCatalogueEntry } from './catalogue';

/** Group ids, named for the code. */
export const GROUP = {
  consultations: 1,
  hygiene: 2,
  fillings: 3,
  crowns: 4,
  bridges: 5,
  surgery: 6,
  implants: 7,
  endodontics: 8,
  periodontics: 9,
  prosthetics: 10,
  orthodontics: 11,
  imaging: 12,
  paediatrics: 13,
  aesthetics: 14,
} as const;

/** The groups with their Romanian names, in the order the treatment dropdown shows them. */
export const CATALOGUE_GROUPS: readonly CatalogueGroup[] = [
  { id: GROUP.consultations, name: 'Consultații' },
  { id: GROUP.hygiene, name: 'Igienă și profilaxie' },
  { id: GROUP.fillings, name: 'Obturații' },
  { id: GROUP.crowns, name: 'Coroane' },
  { id: GROUP.bridges, name: 'Punți' },
  { id: GROUP.surgery, name: 'Extracții și chirurgie orală' },
  { id: GROUP.implants, name: 'Implantologie și adiție osoasă' },
  { id: GROUP.endodontics, name: 'Endodonție' },
  { id: GROUP.periodontics, name: 'Parodontologie' },
  { id: GROUP.prosthetics, name: 'Protetică' },
  { id: GROUP.orthodontics, name: 'Ortodonție' },
  { id: GROUP.imaging, name: 'Radiologie' },
  { id: GROUP.paediatrics, name: 'Pedodonție' },
  { id: GROUP.aesthetics, name: 'Estetică dentară' },
];

/**
 * Chart colours by material. Crown materials get clearly different hues so the chart and its legend
 * read without a colour key in print; the other kinds have muted colours of their own.
 */
export const MATERIALS = {
  metaloCeramica: { label: 'metalo-ceramică', fill: '#E0A526' },
  zirconiu: { label: 'zirconiu', fill: '#2F80C8' },
  integralCeramica: { label: 'integral ceramică (e.max)', fill: '#8E44AD' },
  metal: { label: 'metal', fill: '#95A5A6' },
  provizoriu: { label: 'provizoriu', fill: '#E67E22' },
  compozit: { label: 'compozit', fill: '#27AE60' },
  ionomer: { label: 'ciment ionomer de sticlă', fill: '#A1887F' },
  amalgam: { label: 'amalgam', fill: '#5D6D7E' },
  implant: { label: 'implant', fill: '#2C3E50' },
  endodontic: { label: 'tratament endodontic', fill: '#C0392B' },
} as const;

const M = MATERIALS;
const G = GROUP;
type Material = (typeof MATERIALS)[keyof typeof MATERIALS];
type GroupId = (typeof GROUP)[keyof typeof GROUP];

// One line per procedure keeps the list readable as a price list is.
function procedure(dinteDD: boolean) {
  return (group: GroupId, id: number, name: string, material?: Material): TreatmentCatalogueEntry =>
    material ? { id, name, fill: material.fill, dinteDD, group } : { id, name, dinteDD, group };
}
/** A procedure on one tooth: the modal asks for the tooth. */
const onTooth = procedure(true);
/** A procedure on the whole mouth or an arch (or on deciduous teeth): no tooth is asked for. */
const wholeMouth = procedure(false);

/** Every procedure, grouped as the dropdown shows them. */
export const CATALOGUE_ENTRIES: readonly TreatmentCatalogueEntry[] = [
  // Consultations
  wholeMouth(G.consultations, 101, 'consultație'),
  wholeMouth(G.consultations, 102, 'control periodic'),
  wholeMouth(G.consultations, 103, 'consultație de urgență'),
  wholeMouth(G.consultations, 104, 'anestezie locală'),

  // Hygiene and prevention: whole mouth, except what is done tooth by tooth
  wholeMouth(G.hygiene, 201, 'detartraj ultrasonic'),
  wholeMouth(G.hygiene, 202, 'periaj profesional'),
  wholeMouth(G.hygiene, 203, 'airflow'),
  wholeMouth(G.hygiene, 204, 'fluorizare'),
  onTooth(G.hygiene, 205, 'sigilare'),
  onTooth(G.hygiene, 206, 'desensibilizare dentară'),

  // Fillings, by material and number of surfaces
  onTooth(G.fillings, 301, 'obturație compozit o suprafață', M.compozit),
  onTooth(G.fillings, 302, 'obturație compozit două suprafețe', M.compozit),
  onTooth(G.fillings, 303, 'obturație compozit trei suprafețe', M.compozit),
  onTooth(G.fillings, 304, 'reconstituire coronară compozit', M.compozit),
  onTooth(G.fillings, 305, 'obturație ciment ionomer de sticlă o suprafață', M.ionomer),
  onTooth(G.fillings, 306, 'obturație ciment ionomer de sticlă două suprafețe', M.ionomer),
  onTooth(G.fillings, 307, 'obturație amalgam o suprafață', M.amalgam),
  onTooth(G.fillings, 308, 'obturație amalgam două suprafețe', M.amalgam),
  onTooth(G.fillings, 309, 'obturație provizorie'),
  onTooth(G.fillings, 310, 'coafaj direct'),
  onTooth(G.fillings, 311, 'incrustație ceramică (inlay/onlay)', M.integralCeramica),
  onTooth(G.fillings, 312, 'reconstituire cu pivot din fibră de sticlă'),

  // Single crowns: 1 and 1.1 … 1.9, all below 2 (SPEC.md §9)
  onTooth(G.crowns, 1, 'coroană metalo-ceramică', M.metaloCeramica),
  onTooth(G.crowns, 1.1, 'coroană metalo-ceramică cu umăr ceramic', M.metaloCeramica),
  onTooth(G.crowns, 1.2, 'coroană zirconiu monolitic', M.zirconiu),
  onTooth(G.crowns, 1.3, 'coroană zirconiu stratificat', M.zirconiu),
  onTooth(G.crowns, 1.4, 'coroană integral ceramică e.max', M.integralCeramica),
  onTooth(G.crowns, 1.5, 'coroană integral metalică', M.metal),
  onTooth(G.crowns, 1.6, 'coroană provizorie', M.provizoriu),
  onTooth(G.crowns, 1.7, 'coroană metalo-ceramică pe implant', M.metaloCeramica),
  onTooth(G.crowns, 1.8, 'coroană zirconiu pe implant', M.zirconiu),
  // A preformed crown on a child's permanent first molar: a crown (below 2) in the paediatrics group.
  onTooth(G.paediatrics, 1.9, 'coroană preformată inox', M.metal),

  // Bridges: 0.1 … 0.8, below 2 because a bridge is joined crowns; every name contains 'punte'
  onTooth(G.bridges, 0.1, 'punte metalo-ceramică', M.metaloCeramica),
  onTooth(G.bridges, 0.2, 'punte zirconiu', M.zirconiu),
  onTooth(G.bridges, 0.3, 'punte integral ceramică e.max', M.integralCeramica),
  onTooth(G.bridges, 0.4, 'punte provizorie', M.provizoriu),
  onTooth(G.bridges, 0.5, 'punte metalo-ceramică pe implanturi', M.metaloCeramica),
  onTooth(G.bridges, 0.6, 'punte zirconiu pe implanturi', M.zirconiu),
  onTooth(G.bridges, 0.7, 'punte adezivă (Maryland)', M.metal),
  onTooth(G.bridges, 0.8, 'punte compozit armată cu fibră', M.compozit),

  // Extraction is the one id 3: mapID 3 is what removes a tooth on the chart (SPEC.md §9), so its
  // technique (simplă, chirurgicală, molar de minte inclus, rest radicular) goes in `detalii`. The
  // other acts of the group leave the tooth in place.
  onTooth(G.surgery, 3, 'extracție dentară'),
  onTooth(G.surgery, 601, 'tratament alveolită'),
  onTooth(G.surgery, 602, 'sutură plagă postextracțională'),
  onTooth(G.surgery, 603, 'incizie și drenaj abces'),
  onTooth(G.surgery, 604, 'descoperire chirurgicală dinte inclus'),
  wholeMouth(G.surgery, 605, 'regularizare de creastă alveolară'),
  wholeMouth(G.surgery, 606, 'frenectomie'),
  wholeMouth(G.surgery, 607, 'biopsie'),

  // Implants and bone work: the implant itself is the one id 4
  onTooth(G.implants, 4, 'implant dentar', M.implant),
  onTooth(G.implants, 701, 'descoperire implant și montare vindecător'),
  onTooth(G.implants, 702, 'bont protetic pe implant'),
  onTooth(G.implants, 703, 'bont protetic individualizat'),
  onTooth(G.implants, 704, 'adiție osoasă'),
  onTooth(G.implants, 705, 'sinus lift extern'),
  onTooth(G.implants, 706, 'sinus lift intern'),
  onTooth(G.implants, 707, 'membrană resorbabilă'),
  wholeMouth(G.implants, 708, 'fibrină bogată în trombocite (PRF)'),

  // Endodontics: 5, 5.1 … 5.9 and 6 (SPEC.md §9: ids 5 to 6), drawn on the root
  onTooth(G.endodontics, 5, 'tratament endodontic monoradicular', M.endodontic),
  onTooth(G.endodontics, 5.1, 'tratament endodontic biradicular', M.endodontic),
  onTooth(G.endodontics, 5.2, 'tratament endodontic pluriradicular', M.endodontic),
  onTooth(G.endodontics, 5.3, 'retratament endodontic monoradicular', M.endodontic),
  onTooth(G.endodontics, 5.4, 'retratament endodontic pluriradicular', M.endodontic),
  onTooth(G.endodontics, 5.5, 'pulpotomie', M.endodontic),
  onTooth(G.endodontics, 5.6, 'extirpare vitală (pulpectomie)', M.endodontic),
  onTooth(G.endodontics, 5.7, 'drenaj endodontic', M.endodontic),
  onTooth(G.endodontics, 5.8, 'pansament intracanalar cu hidroxid de calciu', M.endodontic),
  onTooth(G.endodontics, 5.9, 'îndepărtare instrument fracturat din canal', M.endodontic),
  onTooth(G.endodontics, 6, 'rezecție apicală', M.endodontic),

  // Periodontics
  onTooth(G.periodontics, 901, 'chiuretaj subgingival'),
  onTooth(G.periodontics, 902, 'chiuretaj în câmp deschis (lambou)'),
  onTooth(G.periodontics, 903, 'gingivectomie'),
  onTooth(G.periodontics, 904, 'gingivoplastie'),
  onTooth(G.periodontics, 905, 'alungire coronară'),
  onTooth(G.periodontics, 906, 'grefă de țesut conjunctiv'),
  wholeMouth(G.periodontics, 907, 'imobilizare dinți mobili (șină parodontală)'),

  // Prosthetics other than crowns and bridges
  onTooth(G.prosthetics, 1001, 'dispozitiv corono-radicular (DCR)'),
  wholeMouth(G.prosthetics, 1002, 'proteză totală acrilică'),
  wholeMouth(G.prosthetics, 1003, 'proteză parțială acrilică'),
  wholeMouth(G.prosthetics, 1004, 'proteză scheletată'),
  wholeMouth(G.prosthetics, 1005, 'proteză scheletată cu culise'),
  wholeMouth(G.prosthetics, 1006, 'proteză pe implanturi (overdenture)'),
  wholeMouth(G.prosthetics, 1007, 'rebazare proteză'),
  wholeMouth(G.prosthetics, 1008, 'reparație proteză'),
  wholeMouth(G.prosthetics, 1009, 'gutieră de relaxare (bruxism)'),

  // Orthodontics: whole arches
  wholeMouth(G.orthodontics, 1101, 'consultație ortodontică'),
  wholeMouth(G.orthodontics, 1102, 'aparat ortodontic fix metalic'),
  wholeMouth(G.orthodontics, 1103, 'aparat ortodontic fix ceramic'),
  wholeMouth(G.orthodontics, 1104, 'aparat ortodontic mobil'),
  wholeMouth(G.orthodontics, 1105, 'alignere transparente'),
  wholeMouth(G.orthodontics, 1106, 'activare aparat ortodontic'),
  wholeMouth(G.orthodontics, 1107, 'contenție fixă (fir lingual)'),
  wholeMouth(G.orthodontics, 1108, 'gutieră de contenție'),

  // Imaging
  onTooth(G.imaging, 1201, 'radiografie retroalveolară'),
  wholeMouth(G.imaging, 1202, 'radiografie panoramică (OPG)'),
  wholeMouth(G.imaging, 1203, 'tomografie computerizată CBCT'),
  wholeMouth(G.imaging, 1204, 'radiografie bite-wing'),
  wholeMouth(G.imaging, 1205, 'teleradiografie laterală (cefalometrie)'),

  // Paediatrics: deciduous teeth are not on the chart, so their acts ask for no chart tooth
  wholeMouth(G.paediatrics, 1301, 'consultație copii'),
  wholeMouth(G.paediatrics, 1302, 'extracție dinte temporar'),
  wholeMouth(G.paediatrics, 1303, 'obturație dinte temporar'),
  wholeMouth(G.paediatrics, 1304, 'pulpotomie dinte temporar'),
  onTooth(G.paediatrics, 1305, 'sigilare la copii'),
  wholeMouth(G.paediatrics, 1306, 'fluorizare la copii'),
  wholeMouth(G.paediatrics, 1307, 'menținător de spațiu'),

  // Aesthetics
  wholeMouth(G.aesthetics, 1401, 'albire dentară în cabinet'),
  wholeMouth(G.aesthetics, 1402, 'albire dentară la domiciliu (cu gutiere)'),
  onTooth(G.aesthetics, 1403, 'fațetă ceramică e.max', M.integralCeramica),
  onTooth(G.aesthetics, 1404, 'fațetă compozit', M.compozit),
];
