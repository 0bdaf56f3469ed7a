import { describe, expect, it } from 'vitest';
import {
  isImagePicture,
  isPictureName,
  pictureKind,
  pictureLabel,
  pictureName,
  picturePath,
  pictureThumbnailPath,
  splitPictures,
} from './history-pictures';

const ID = 1_767_225_600_000;

describe('pictureName: entry id, a random number below 100000, the label', () => {
  it.each([
    [ID, 4821, 'inainte.jpg', '1767225600000-4821-inainte.jpg'],
    [ID, 0, 'dupa.png', '1767225600000-0-dupa.png'],
    [ID, 99_999, 'dupa.png', '1767225600000-99999-dupa.png'],
    [ID, 7, 'Înainte.JPG', '1767225600000-7-inainte.jpg'],
    [ID, 7, 'după 2.png', '1767225600000-7-dupa-2.png'],
    [ID, 7, '../../etc/passwd', '1767225600000-7-etc-passwd'],
    [ID, 7, '  .hidden  ', '1767225600000-7-hidden'],
    [1, 1, 'radiografie_1.jpeg', '1-1-radiografie_1.jpeg'],
  ])('(%s, %s, %j) → %s', (entryId, random, label, name) => {
    expect(pictureName(entryId, random, label)).toBe(name);
    expect(isPictureName(name)).toBe(true);
  });

  it.each([
    ['a random number of 100000', ID, 100_000, 'dupa.png'],
    ['a negative random number', ID, -1, 'dupa.png'],
    ['a fraction (Math.random() not scaled)', ID, 0.42, 'dupa.png'],
    ['an entry id of 0', 0, 1, 'dupa.png'],
    ['a fractional entry id', 1.5, 1, 'dupa.png'],
    ['an empty label', ID, 1, ''],
    ['a label with nothing usable', ID, 1, '/// ...'],
  ])('refuses %s', (_name, entryId, random, label) => {
    expect(() => pictureName(entryId, random, label)).toThrow(RangeError);
  });

  it.each([
    ['Înainte', 'inainte'],
    ['DUPĂ tratament.PNG', 'dupa-tratament.png'],
    ['a/b\\c', 'a-b-c'],
  ])('pictureLabel(%j) → %j', (label, expected) => {
    expect(pictureLabel(label)).toBe(expected);
  });

  it.each([
    ['1767225600000-4821-inainte.jpg', true],
    ['1767225600000-4821-../x', false],
    ['1767225600000-123456-inainte.jpg', false], // random part above 99999
    ['inainte.jpg', false],
    ['1767225600000-1-Inainte.jpg', false], // names are lower case
    ['1767225600000-1-.jpg', false],
    ['', false],
  ])('isPictureName(%j) → %s', (name, expected) => {
    expect(isPictureName(name)).toBe(expected);
  });
});

describe('pictureKind: before and after by name', () => {
  it.each([
    ['1767225600000-4821-inainte.jpg', 'inainte'],
    ['1767225600000-4821-dupa.jpg', 'dupa'],
    ['1767225600000-4821-inainte-2.png', 'inainte'],
    ['poza-dupa-tratament.png', 'dupa'],
    ['Înainte.jpg', 'inainte'],
    ['DUPĂ.jpg', 'dupa'],
    ['1767225600000-4821-radiografie.jpg', null],
    ['', null],
  ])('%j → %s', (name, kind) => {
    expect(pictureKind(name)).toBe(kind);
  });

  it('splits pictures into inainte, dupa and other, by index', () => {
    const pics = [
      { name: '1-1-dupa.jpg', index: 2 },
      { name: '1-2-inainte.jpg', index: 1 },
      { name: '1-3-radiografie.jpg', index: 3 },
      { name: '1-4-inainte-2.jpg', index: 0 },
    ];
    expect(splitPictures(pics)).toEqual({
      inainte: [pics[3], pics[1]],
      dupa: [pics[0]],
      other: [pics[2]],
    });
    expect(pics[0]?.index).toBe(2); // the list given is left as it was
  });
});

describe('pictures as files', () => {
  it.each([
    [{ w: 1200 }, true],
    [{ w: 0 }, false],
    [{ w: null }, false],
    [{ w: undefined }, false],
  ])('isImagePicture(%j) → %s', (pic, expected) => {
    expect(isImagePicture(pic)).toBe(expected);
  });

  it('addresses the original and the thumbnail as SPEC.md §7 does', () => {
    expect(picturePath('p1', '1-2-inainte.jpg')).toBe('/history-imgs/p1/1-2-inainte.jpg');
    expect(pictureThumbnailPath('p1', '1-2-inainte.jpg')).toBe('/history-imgs/p1/thumb-1-2-inainte.jpg.png');
    expect(picturePath('a/b', 'x y')).toBe('/history-imgs/a%2Fb/x%20y');
  });
});
