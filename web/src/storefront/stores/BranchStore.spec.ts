import { fixture, loadedRoot, makeBranch, steerableClock } from '../testing/fixtures';
import { ratingText } from '../components/BranchRating';
import { BranchStore } from './BranchStore';

describe(BranchStore.name, () => {
  describe('filtered', () => {
    it('finds branches by any word of the term and shows the count line', async () => {
      const { root } = await loadedRoot();
      const { branches } = root;
      expect(branches.countText).toBe('2 von 2 Filialen werden angezeigt.');

      branches.setSearchTerm('8053');
      expect(branches.filtered.map((branch) => branch.identifier)).toEqual(['graz']);
      expect(branches.countText).toBe('1 von 2 Filialen werden angezeigt.');

      branches.setSearchTerm('Salzburg');
      expect(branches.hasResults).toBe(false);
      expect(branches.countText).toBe('Leider wurden keine Ergebnisse gefunden.');
    });

    it('filters by tag; clicking the tag again deselects it', async () => {
      const { root } = await loadedRoot();
      const { branches } = root;
      branches.toggleTag(2);
      expect(branches.filtered.map((branch) => branch.identifier)).toEqual(['graz']);
      branches.toggleTag(2);
      expect(branches.selectedTagId).toBeNull();
      expect(branches.filtered).toHaveLength(2);
    });
  });

  describe('ratingOf', () => {
    const rated = () =>
      fixture({ branches: [makeBranch({ rating: { average: 4.6, count: 23 } }), makeBranch({ id: 2 })] });

    it('gives the average of a reviewed branch while the ratings plugin is on', async () => {
      const data = rated();
      const { root } = await loadedRoot({
        data: { ...data, config: { ...data.config, enablePluginRatings: true } },
      });
      const [vienna, graz] = root.branches.all;
      expect(root.branches.ratingOf(vienna!)).toEqual({ average: 4.6, count: 23 });
      expect(ratingText(root.branches.ratingOf(vienna!)!)).toBe('4,6 ★ (23 Bewertungen)');
      expect(root.branches.ratingOf(graz!)).toBeNull();
    });

    it('gives none while the plugin is off, whatever the data carries', async () => {
      const data = rated();
      const { root } = await loadedRoot({
        data: { ...data, config: { ...data.config, enablePluginRatings: false } },
      });
      expect(root.branches.all.map((branch) => root.branches.ratingOf(branch))).toEqual([null, null]);
    });

    it('says "Bewertung" for a single review', () => {
      expect(ratingText({ average: 5, count: 1 })).toBe('5,0 ★ (1 Bewertung)');
    });
  });

  describe('tagTiles', () => {
    it('offers only tags some branch carries', async () => {
      const { root } = await loadedRoot();
      expect(root.branches.tagTiles.map((tag) => tag.name)).toEqual(['Wirtshaus', 'Handwerk']);
      expect(root.branches.isTagFilterEnabled).toBe(true);
    });
  });

  describe('openInfo', () => {
    it('says until when a branch is open and warns within the last hour', async () => {
      const clock = steerableClock('2026-03-02T11:00:00Z'); // 12:00 in Vienna
      const { root } = await loadedRoot({ now: clock });
      const wien = root.branches.byIdentifier('wien')!;
      expect(root.branches.openInfo(wien)).toMatchObject({
        isOpen: true,
        label: 'Geöffnet bis 22:00',
        isClosingSoon: false,
        todayWindows: ['11:00 – 22:00'],
      });

      clock.set('2026-03-02T20:30:00Z'); // 21:30
      root.clock.tick();
      expect(root.branches.openInfo(wien)).toMatchObject({
        isClosingSoon: true,
        label: 'Geöffnet bis 22:00',
      });
    });

    it('gives the next opening when closed', async () => {
      const { root } = await loadedRoot({ now: () => new Date('2026-03-02T06:00:00Z') }); // 07:00
      const wien = root.branches.byIdentifier('wien')!;
      expect(root.branches.openInfo(wien)).toMatchObject({
        isOpen: false,
        label: 'Geschlossen',
        closedText: 'Wir öffnen wieder um 11:00 Uhr.',
      });
    });

    it('never shows a non-public branch as open', async () => {
      const data = fixture({
        branches: [makeBranch({ isPublic: false, closedMessage: 'Wir eröffnen im Frühjahr.' })],
      });
      const { root } = await loadedRoot({ data });
      const branch = root.branches.all[0];
      expect(root.branches.openInfo(branch)).toMatchObject({
        isOpen: false,
        closedText: 'Wir eröffnen im Frühjahr.',
      });
      expect(root.branches.openBranchesText).toBe('Alle Standorte geschlossen');
    });
  });

  describe('openBranchesText', () => {
    it('counts the open public branches', async () => {
      const clock = steerableClock('2026-03-02T11:00:00Z'); // 12:00: both open
      const { root } = await loadedRoot({ now: clock });
      expect(root.branches.openBranchesText).toBe('2 Standorte geöffnet');
      clock.set('2026-03-02T16:00:00Z'); // 17:00: Graz closed at 16:30
      root.clock.tick();
      expect(root.branches.openBranchesText).toBe('1 Standort geöffnet');
      clock.set('2026-03-02T22:00:00Z');
      root.clock.tick();
      expect(root.branches.openBranchesText).toBe('Alle Standorte geschlossen');
    });
  });

  describe('selection', () => {
    it('selects by identifier and clears on entering the list', async () => {
      const { root } = await loadedRoot();
      root.branches.select('graz');
      expect(root.branches.selected?.name).toBe('Estrich Graz');
      root.branches.clearSelection();
      expect(root.branches.selected).toBeNull();
    });
  });
});
