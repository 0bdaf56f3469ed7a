import { describe, expect, it } from 'vitest';
import { highlightedItemIndex, sectionOf, sectionPath, SIDE_MENU_ITEMS } from './side-menu-items';

describe('patient right side menu', () => {
  it('links the five screens in the spec order, then the treatment plan and the account', () => {
    expect(SIDE_MENU_ITEMS.map((item) => sectionPath(item.section, 'a1'))).toEqual([
      '/pacienti/history/a1',
      '/pacienti/edit/a1',
      '/pacienti/docs/a1',
      '/pacienti/schita/a1',
      '/pacienti/programari/a1',
      '/pacienti/plan/a1',
      '/pacienti/cont/a1',
    ]);
  });

  it.each([
    ['/pacienti/edit/a1', 'edit', 1, 'Date pacient'],
    ['/pacienti/docs/a1', 'docs', 2, 'Documente'],
    ['/pacienti/schita/a1', 'schita', 3, 'Schiță dentară'],
    ['/pacienti/history/a1', 'history', 0, 'Istoric tratamente'],
    // SPEC.md §2: "anything else first" — programari highlights the first item, not its own.
    ['/pacienti/programari/a1', 'programari', 0, 'Istoric tratamente'],
    // Issue 12: the sixth icon is highlighted on its own screen.
    ['/pacienti/plan/a1', 'plan', 5, 'Plan de tratament'],
    // Issue 13: so is the seventh, the account.
    ['/pacienti/cont/a1', 'cont', 6, 'Cont'],
    ['/pacienti/altceva/a1', 'altceva', 0, 'Istoric tratamente'],
    ['/pacienti', '', 0, 'Istoric tratamente'],
  ])('%s → section %j highlights item %i (%s)', (path, section, index, label) => {
    expect(sectionOf(path)).toBe(section);
    expect(highlightedItemIndex(section)).toBe(index);
    expect(SIDE_MENU_ITEMS[index]?.label).toBe(label);
  });
});
