/**
 * A CSV of 1,000 leads (numbers unique to this run, in area code `area`) with seven bad lines: 12, 150, 151 (a
 * repeat of line 2), 400, 640, 801, 999. `surname` is on every good row, to find them in the cold-calls table. The
 * default area code, 289 (Ontario), is one the demo's clients, leads and callers never have: a lead matching a demo
 * client would be a duplicate against existing clients and change the counts.
 */
export function leadFile(area = '289'): { csv: string; badLines: number[]; surname: string } {
  const base = 3_000_000 + (Date.now() % 1_000_000);
  const rows = ['Telephone,First,Surname,Province,Plan'];
  for (let index = 0; index < 1000; index += 1) {
    rows.push(`+1${area}${String(base + index).padStart(7, '0')},Lead${index},Person${base},ON,Silver`);
  }
  const bad: Record<number, string> = {
    12: 'call me,Not,Number,ON,',
    150: ',Empty,Phone,ON,',
    151: `${rows[1]?.split(',')[0]},Repeat,OfLine2,ON,`,
    400: `+1 ${area} 12,Too,Short,ON,`,
    640: 'n/a,Letters,Only,ON,',
    801: '0000000,Zeros,Only,ON,',
    999: '+999 123,Unknown,Country,ON,',
  };
  for (const [line, text] of Object.entries(bad)) rows[Number(line) - 1] = text;
  return { csv: `${rows.join('\n')}\n`, badLines: Object.keys(bad).map(Number), surname: `Person${base}` };
}
