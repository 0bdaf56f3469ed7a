/**
 * The part of the DOM element xmlbuilder2's parser gives (`create(xml).root().node`) that reading ANAF's
 * answers needs; the server is compiled without the browser's DOM types.
 */
export interface XmlElement {
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}
