import type JSZipType from 'jszip';
import type * as Xmlbuilder2 from 'xmlbuilder2';
import { onFirstUse } from '../../load-on-first-use';
import type { XmlElement } from './xml-element';

const jszip = onFirstUse<typeof JSZipType>('jszip');
const xmlbuilder2 = onFirstUse<typeof Xmlbuilder2>('xmlbuilder2');

/**
 * ANAF's answer ZIP: for ok, the invoice as uploaded (`<index>.xml`) and ANAF's signature
 * (`semnatura_<index>.xml`); for nok, one XML of errors (`<Error errorMessage="…"/>`) and the signature.
 */
interface AnswerFiles {
  /** The XML files other than ANAF's signature. */
  documents: string[];
}

async function readAnswer(zip: Uint8Array): Promise<AnswerFiles> {
  const archive = await jszip().loadAsync(zip);
  const names = Object.values(archive.files)
    .filter((file) => !file.dir && /\.xml$/i.test(file.name) && !/(^|\/)semnatura_/i.test(file.name))
    .map((file) => file.name)
    .sort();
  const documents = await Promise.all(names.map((name) => archive.file(name)?.async('string') ?? ''));
  return { documents };
}

/** ANAF's messages in a nok answer, in its own (Romanian) words; [] when there are none or it is unreadable. */
export async function answerErrors(zip: Uint8Array): Promise<string[]> {
  try {
    const { documents } = await readAnswer(zip);
    return documents.flatMap((xml) => {
      const root = xmlbuilder2().create(xml).root().node as unknown as XmlElement;
      return Array.from(root.getElementsByTagName('Error'))
        .map((node) => node.getAttribute('errorMessage') ?? '')
        .filter((message) => message !== '');
    });
  } catch {
    return [];
  }
}

/** The invoice XML an ok answer carries, or null (a nok answer, or an unreadable ZIP). */
export async function answerInvoice(zip: Uint8Array): Promise<string | null> {
  try {
    const { documents } = await readAnswer(zip);
    return documents.find((xml) => /<(?:[A-Za-z0-9_-]+:)?(?:Invoice|CreditNote)[\s>]/.test(xml)) ?? null;
  } catch {
    return null;
  }
}
