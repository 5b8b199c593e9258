import type { DataPoint } from '@shiftline/shared';
import { type AgentSection, type FreeShift } from './groups';

/** One line of the virtualised details list: a group's header, an agent or an open free shift. */
export type DetailRow =
  | { kind: 'header'; section: AgentSection }
  | { kind: 'agent'; section: AgentSection; point: DataPoint }
  | { kind: 'free_shift'; section: AgentSection; freeShift: FreeShift };

/** The sections as one list of rows; a closed section keeps its header only. */
export function detailRows(sections: readonly AgentSection[], closed: ReadonlySet<string>): DetailRow[] {
  const rows: DetailRow[] = [];
  for (const section of sections) {
    rows.push({ kind: 'header', section });
    if (closed.has(section.key)) continue;
    if (section.kind === 'free_shifts') {
      for (const freeShift of section.freeShifts) rows.push({ kind: 'free_shift', section, freeShift });
    } else {
      for (const point of section.agents) rows.push({ kind: 'agent', section, point });
    }
  }
  return rows;
}
