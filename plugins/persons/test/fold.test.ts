import t from 'tap';
import { fold, searchWords } from '../src/fold.js';

// What a person types without accents or special letters must find the name written with
// them: every letter NFD does not decompose has its own spelling (search and sort use fold).
t.test('fold: each special letter, in either case, becomes what is typed for it', async (t) => {
  const rows: [string, string][] = [
    ['Søren', 'soren'],
    ['ØSTERGAARD', 'ostergaard'],
    ['Straße', 'strasse'],
    ['STRAẞE', 'strasse'],
    ['Æthelflæd', 'aethelflaed'],
    ['Œuvray', 'oeuvray'],
    ['Cœur', 'coeur'],
    ['Łucja', 'lucja'],
    ['Đorđević', 'dordevic'],
    ['Guðrún', 'gudrun'],
    ['ÐÓRA', 'dora'],
    ['Þórður', 'thordur'],
    ['Yıldız', 'yildiz'],
    ['Seán Ó Súilleabháin', 'sean o suilleabhain'],
    ['Müller', 'muller'],
  ];
  for (const [written, typed] of rows) t.equal(fold(written), typed, written);
  t.equal(fold('김철수'), '김철수', 'letters NFD takes apart without marks come back whole (Hangul)');
  t.equal(fold('김철수').length, 3);
});

t.test('searchWords: runs of letters and digits, folded; nothing else is a word', async (t) => {
  t.same(searchWords('  Þórður   Guðrún-Ólafsdóttir, 1851 '), ['thordur', 'gudrun', 'olafsdottir', '1851']);
  t.same(searchWords('-- , .'), []);
});
