import { expect, test, type Page } from '@playwright/test';
import { signIn, snap } from './helpers';

// The release-notes journey (docs/release-notes.md): a system admin uploads a manual; a nurse sees
// it marked new, opens it in the browser, and the mark goes.

const unique = Date.now().toString(36).slice(-6).toUpperCase();
const TITLE = `Manual de enfermería ${unique}`;
const MANUAL = Buffer.from(`# ${TITLE}\n\n## Mensajes\n\nPulse el botón de mensajes en la cabecera para escribir a un colega.\n\n- **Enviado**: su navegador lo tiene.\n- **Entregado**: el servidor lo tiene.\n- **Leído**: su colega lo abrió.\n`);

async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

test('a system admin uploads a manual; a nurse opens it and its new mark goes', async ({ browser }) => {
  const sys = await (await browser.newContext()).newPage();
  await signIn(sys, 'sysadmin');
  await sys.getByRole('link', { name: 'Notas de versión y manuales' }).click();
  await expect(sys.getByRole('heading', { name: 'Notas de versión y manuales', level: 1 })).toBeVisible();
  await sys.getByTestId('release-note-upload').click();
  const modal = sys.getByRole('dialog', { name: 'Subir una nota de versión o un manual' });
  await modal.getByTestId('release-note-title').fill(TITLE);
  await modal.getByTestId('release-note-version').fill('2.1.0');
  await modal.getByTestId('release-note-date').fill('20/11/2026');
  await modal.getByTestId('release-note-date').press('Tab');
  const chooser = sys.waitForEvent('filechooser');
  await modal.getByTestId('release-note-file').click();
  await (await chooser).setFiles({ name: 'manual-enfermeria.md', mimeType: 'text/markdown', buffer: MANUAL });
  await expect(modal.getByText('manual-enfermeria.md')).toBeVisible();
  await settled(sys);
  await snap(sys, 'release-notes-1-upload', { fullPage: false });
  await modal.getByTestId('release-note-submit').click();
  await expect(modal).toBeHidden();
  await expect(sys.getByTestId('release-note-row').filter({ hasText: TITLE })).toContainText('Manual');

  const nurse = await (await browser.newContext()).newPage();
  await signIn(nurse, 'nurse');
  await expect(nurse).toHaveURL(/\/dashboard/);
  await nurse.getByRole('link', { name: 'Notas de versión y manuales' }).click();
  const row = nurse.getByTestId('release-note-row').filter({ hasText: TITLE });
  await expect(row.getByTestId('release-note-new')).toHaveText('Nuevo');
  await snap(nurse, 'release-notes-2-nurse-new');
  await row.click();
  const viewer = nurse.getByTestId('release-note-viewer');
  await expect(viewer.getByTestId('release-note-markdown').getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(viewer.getByTestId('release-note-markdown')).toContainText('Entregado');
  await expect(row.getByTestId('release-note-new')).toHaveCount(0);
  await snap(nurse, 'release-notes-3-nurse-opened');

  // The nurse cannot upload or delete.
  await expect(nurse.getByTestId('release-note-upload')).toHaveCount(0);
  await expect(nurse.getByTestId('release-note-delete')).toHaveCount(0);

  // The system admin deletes it after confirming.
  await sys.getByTestId('release-note-row').filter({ hasText: TITLE }).getByTestId('release-note-delete').click();
  await sys.getByRole('dialog', { name: '¿Eliminar el documento?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(sys.getByTestId('release-note-row').filter({ hasText: TITLE })).toHaveCount(0);
});
