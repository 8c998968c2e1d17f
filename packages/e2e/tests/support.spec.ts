import { expect, test, type Page } from '@playwright/test';
import { signIn, snap } from './helpers';

// The support journey (docs/support.md): an office admin opens a support thread with a PDF; the
// system admin replies and resolves it; the office admin sees the reply and the resolved status.

const unique = Date.now().toString(36).slice(-6).toUpperCase();
const SUBJECT = `No puedo descargar el CSV de facturación (${unique})`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

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

test('an office admin opens a support thread with a PDF; the system admin replies and resolves it', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const office = await adminContext.newPage();
  await signIn(office, 'officeadmin');
  await expect(office).toHaveURL(/\/dashboard/);
  await office.getByRole('link', { name: 'Soporte' }).click();
  await expect(office.getByRole('heading', { name: 'Soporte', level: 1 })).toBeVisible();

  await office.getByTestId('support-new').click();
  await office.getByTestId('support-subject').fill(SUBJECT);
  await office.getByTestId('support-message-input').fill('La descarga se detiene a la mitad. Adjunto la captura en PDF.');
  const chooser = office.waitForEvent('filechooser');
  await office.getByTestId('support-new-attach').click();
  await (await chooser).setFiles({ name: 'captura.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(office.getByText('captura.pdf')).toBeVisible();
  await settled(office);
  await snap(office, 'support-1-new-thread', { fullPage: false });
  await office.getByTestId('support-create').click();

  const thread = office.getByTestId('support-thread');
  await expect(thread.getByRole('heading', { name: SUBJECT })).toBeVisible();
  await expect(thread.getByTestId('support-file')).toContainText('captura.pdf');
  await expect(thread.getByTestId('support-status')).toHaveText('Abierto');
  await snap(office, 'support-2-thread-open');

  // The system admin replies and resolves.
  const sysContext = await browser.newContext();
  const sys = await sysContext.newPage();
  await signIn(sys, 'sysadmin');
  await sys.getByRole('link', { name: 'Soporte' }).click();
  await sys.getByTestId('support-thread-row').filter({ hasText: SUBJECT }).click();
  const sysThread = sys.getByTestId('support-thread');
  await expect(sysThread.getByRole('heading', { name: SUBJECT })).toBeVisible();
  const download = sys.waitForEvent('download');
  await sysThread.getByRole('button', { name: 'Descargar captura.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('captura.pdf');
  await sysThread.getByTestId('support-reply').fill('Gracias. Ya está corregido: vuelva a intentarlo, por favor.');
  await sysThread.getByTestId('support-send').click();
  await expect(sysThread.getByTestId('support-message')).toHaveCount(2);
  await sysThread.getByTestId('support-set-status').click();
  await sys.getByRole('option', { name: 'Resuelto' }).click();
  await expect(sysThread.getByTestId('support-set-status')).toHaveValue('Resuelto');
  await expect(sys.getByTestId('support-thread-row').filter({ hasText: SUBJECT })).toContainText('Resuelto');
  await snap(sys, 'support-3-sysadmin-resolved');

  // The office admin sees the reply (marked as support's) and the resolved status.
  await office.reload();
  await office.getByTestId('support-thread-row').filter({ hasText: SUBJECT }).click();
  await expect(thread.getByTestId('support-status')).toHaveText('Resuelto');
  await expect(thread.getByTestId('support-message').nth(1)).toContainText('Ya está corregido');
  await expect(thread.getByTestId('support-message').nth(1)).toContainText('Soporte');
  await snap(office, 'support-4-office-resolved');
});
