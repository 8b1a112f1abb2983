import t from 'tap';
import { compatible, DEFAULT_SLACK_YEARS, parseGedcomDate } from '../src/index.js';

const check = (a: string, b: string, options = {}) => compatible(parseGedcomDate(a), parseGedcomDate(b), options);

t.test('default slack', async (t) => {
  t.same(DEFAULT_SLACK_YEARS, { ABT: 3, CAL: 2, EST: 3 });
});

t.test('compatibility table', async (t) => {
  const table: Array<[string, string, boolean, number | null]> = [
    ['12 MAR 1850', '12 MAR 1850', true, 0],
    ['1850', '12 MAR 1850', true, 0],
    ['MAR 1850', '12 MAR 1850', true, 0],
    ['12 MAR 1850', '13 MAR 1850', false, 0],
    ['1850', '1851', false, 0],
    ['1850', '1855', false, 4],
    ['ABT 1850', '1852', true, 1],
    ['ABT 1850', '1853', true, 2],
    ['ABT 1850', '1854', false, 3],
    ['EST 1850', '1847', true, 2],
    ['CAL 1850', '1852', true, 1],
    ['CAL 1850', '1853', false, 2],
    ['ABT 1850', 'ABT 1856', true, 5],
    ['ABT 1850', 'ABT 1858', false, 7],
    ['BEF 1850', '1849', true, 0],
    ['BEF 1850', '1850', true, 0],
    ['BEF 1850', '1851', false, 0],
    ['BEF 1850', '1700', true, 0],
    ['AFT 1850', '1849', false, 0],
    ['AFT 1850', '1900', true, 0],
    ['BEF 1850', 'AFT 1860', false, 9],
    ['BET 1850 AND 1860', '1855', true, 0],
    ['BET 1850 AND 1860', '1862', false, 1],
    ['BET 1850 AND 1860', 'BET 1858 AND 1870', true, 0],
    ['FROM 1850 TO 1860', '1855', true, 0],
    ['TO 1860', '1900', false, 39],
    ['JULIAN 4 OCT 1582', '14 OCT 1582', true, 0],
    ['JULIAN 4 OCT 1582', '4 OCT 1582', false, 0.03],
    ['HEBREW 1 TSH 5784', '16 SEP 2023', true, 0],
    ['FRENCH_R 18 BRUM 8', '9 NOV 1799', true, 0],
    ['8 JAN 1699/00', '8 JAN 1700', true, 0],
    ['8 JAN 1699/00', '8 JAN 1699', true, 0],
    ['8 JAN 1699/00', '8 JAN 1698', false, 1],
    ['INT 1850 (from his age)', '1850', true, 0],
    ['(no idea)', '1850', true, null],
    ['1850', 'sometime', true, null],
    ['_ROMAN 753', '1850', true, null],
  ];
  for (const [a, b, ok, distance] of table) {
    const result = check(a, b);
    t.equal(result.compatible, ok, `${a} ~ ${b}: ${result.reason}`);
    t.equal(result.distanceYears === null ? null : Math.floor(result.distanceYears * 100) / 100 >= 1 ? Math.floor(result.distanceYears) : result.distanceYears, distance, `${a} ~ ${b} distance ${result.distanceYears}`);
    t.same(check(b, a).compatible, ok, `${b} ~ ${a} is symmetric`);
  }
});

t.test('reasons say why', async (t) => {
  t.match(check('1850', '12 MAR 1850').reason, /overlap/);
  t.match(check('ABT 1850', '1852').reason, /within the slack/);
  t.match(check('1850', '1855').reason, /"1850" and "1855" are 4(\.\d+)? years apart, beyond the slack/);
  t.match(check('(no idea)', '1850').reason, /"\(no idea\)" is not a date: nothing to compare/);
  t.match(check('_ROMAN 753', '1850').reason, /cannot be converted/);
  const half = check('BET 1850 AND _ROMAN 753', '1900');
  t.same(half, { compatible: true, distanceYears: null, reason: '"BET GREGORIAN 1850 AND _ROMAN 753" cannot be converted to days: nothing to compare' }, 'one bound that cannot be converted is enough');
});

t.test('options widen or narrow the slack', async (t) => {
  t.equal(check('ABT 1850', '1854', { slackYears: { ABT: 5 } }).compatible, true);
  t.equal(check('ABT 1850', '1852', { slackYears: { ABT: 0 } }).compatible, false);
  t.equal(check('12 MAR 1850', '13 MAR 1850', { slackDays: 1 }).compatible, true);
  t.equal(check('4 OCT 1582', 'JULIAN 4 OCT 1582', { slackDays: 11 }).compatible, true, 'slackDays forgives a calendar mix-up');
  t.equal(check('BEF 1850', '1851', { boundSlackYears: 1 }).compatible, true);
  t.equal(check('BEF 1850', '15 JAN 1851', { slackDays: 10 }).compatible, true, 'a bound takes the days of slack too: 15 days, 10 on each side');
  t.equal(check('BEF 1850', '25 JAN 1851', { slackDays: 10 }).compatible, false, '25 days are beyond them');
  t.equal(check('BEF 1850', '15 JAN 1852', { boundSlackYears: 1, slackDays: 10 }).compatible, true, 'years and days of slack on a bound add up');
  t.equal(check('FROM 1850 TO 1860', '1862', { boundSlackYears: 5 }).compatible, false, 'a period is not a loose bound');
});
