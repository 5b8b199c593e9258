import type { UserImportOptions, UserImportResult } from '@shiftline/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UserImportDialog } from '../../src/features/admin/components/UserImportDialog';
import { renderWithProviders } from '../renderWithProviders';

/* The user import dialog (issue 25 item 8): the file checked first, the mode chosen, the created users' passwords. */

const PREVIEW: UserImportResult = {
  rows: 3,
  errors: [{ line: 3, reason: "role 'Wizard' is not a role" }],
  users: [
    {
      line: 2,
      email: 'ada@x.test',
      name: 'Ada Agent',
      role: 'Agent',
      id: null,
      extension: null,
      temporary_password: null,
    },
    {
      line: 4,
      email: 'cy@x.test',
      name: 'Cy Lead',
      role: 'Team Lead',
      id: null,
      extension: null,
      temporary_password: null,
    },
  ],
  created: 0,
};

const IMPORTED: UserImportResult = {
  ...PREVIEW,
  users: PREVIEW.users.map((user, index) => ({
    ...user,
    id: 100 + index,
    extension: String(1000 + index),
    temporary_password: `temp-pass-${index}`,
  })),
  created: 2,
};

/** XMLHttpRequest (what http.upload uses) answering each upload by its options, which it records. */
function serveUploads(sent: UserImportOptions[]) {
  class FakeRequest {
    status = 0;
    responseText = '';
    upload = {};
    onload: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      const options = JSON.parse(String(form.get('options'))) as UserImportOptions;
      sent.push(options);
      this.status = 200;
      this.responseText = JSON.stringify(options.dry_run ? PREVIEW : IMPORTED);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
}

describe('UserImportDialog', () => {
  it('checks the file, lists bad lines, imports only the good lines when chosen, and shows the passwords', async () => {
    const sent: UserImportOptions[] = [];
    serveUploads(sent);
    renderWithProviders(<UserImportDialog onClose={() => undefined} />);
    const file = new File(['Name,E-mail,Role\n'], 'users.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('user-import-file'), { target: { files: [file] } });

    expect((await screen.findByTestId('user-import-check')).textContent).toContain('2 of 3 lines are ready');
    expect(screen.getByTestId('user-import-errors').textContent).toContain("role 'Wizard' is not a role");
    // All or nothing (the default) cannot go ahead with a bad line.
    expect((screen.getByTestId('user-import-submit') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('user-import-good-lines'));
    const submit = screen.getByTestId('user-import-submit') as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);

    expect((await screen.findByTestId('user-import-result')).textContent).toContain('2 users created');
    expect(screen.getByTestId('user-import-created').textContent).toContain('temp-pass-1');
    expect(sent).toEqual([
      { dry_run: true, mode: 'all' },
      { dry_run: false, mode: 'good_lines' },
    ]);
  });
});
