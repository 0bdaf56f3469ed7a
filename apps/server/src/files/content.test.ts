import { describe, expect, it } from 'vitest';
import { redBlue } from '../../test/stored-files';
import { detectContentFormat, looksComplete } from './content';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
/** The start of a Windows program: 'MZ', then the DOS stub. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120, 0)]);

describe('detectContentFormat', () => {
  it('reads PDFs, also with bytes before the header', () => {
    expect(detectContentFormat(PDF)).toBe('pdf');
    expect(detectContentFormat(Buffer.concat([Buffer.alloc(100, 0x20), PDF]))).toBe('pdf');
  });

  it('reads images by their magic numbers', async () => {
    expect(detectContentFormat(await redBlue('png'))).toBe('png');
    expect(detectContentFormat(await redBlue('jpeg'))).toBe('jpeg');
    expect(detectContentFormat(await redBlue('gif'))).toBe('gif');
  });

  it('knows nothing else: programs, text, empty files', () => {
    expect(detectContentFormat(EXE)).toBeNull();
    expect(detectContentFormat(Buffer.from('Acesta este un text simplu, nu un PDF.'))).toBeNull();
    expect(detectContentFormat(Buffer.alloc(0))).toBeNull();
    expect(detectContentFormat(Buffer.concat([Buffer.alloc(2000, 0x20), PDF]))).toBeNull();
  });

  it('never takes a program for a document, even with a PDF header planted in it', () => {
    expect(detectContentFormat(Buffer.concat([EXE.subarray(0, 64), PDF]))).toBeNull();
    expect(
      detectContentFormat(Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), PDF])),
    ).toBeNull();
    expect(detectContentFormat(Buffer.concat([Buffer.from('#!/bin/sh\n', 'latin1'), PDF]))).toBeNull();
    expect(detectContentFormat(Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), PDF]))).toBeNull();
  });

  it('tells a whole PDF from a cut-off one', () => {
    expect(looksComplete(PDF)).toBe(true);
    expect(looksComplete(PDF.subarray(0, 20))).toBe(false);
  });
});
