import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// The chat journey (docs/chat.md): a nurse messages a doctor; the doctor's open page shows it live
// (the badge in the header, then the thread); the nurse sees sent, delivered, read.

const unique = Date.now().toString(36).slice(-6).toUpperCase();
const MESSAGE = `¿Puede revisar la presión de la paciente hoy? (${unique})`;

/** Waits for running CSS transitions (the drawer sliding in) so a screenshot shows the settled page. */
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

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  await expect(page).toHaveURL(/\/dashboard/);
  return page;
}

test('a nurse messages a doctor: live on the doctor\'s open page; the nurse sees sent, delivered, read', async ({ browser, request }) => {
  const doctorLogin = await request.post('/api/auth/signinv3', { data: { username: 'doctor', password: DEMO_PASSWORD } });
  const doctorUser = ((await doctorLogin.json()) as { data: { user: { firstName: string; lastName: string } } }).data.user;
  const doctorName = `${doctorUser.firstName} ${doctorUser.lastName}`;

  const doctor = await signedInPage(browser, 'doctor');
  const nurse = await signedInPage(browser, 'nurse');

  // The nurse opens the messages panel from the header and starts a conversation with the doctor.
  await nurse.getByTestId('messages-button').click();
  const drawer = nurse.getByRole('dialog', { name: 'Mensajes' });
  await expect(drawer).toBeVisible();
  await settled(nurse);
  await drawer.getByTestId('new-conversation').click();
  await drawer.getByTestId('new-conversation').fill(doctorUser.lastName);
  await nurse.getByRole('option', { name: doctorName }).click();
  await expect(drawer.getByTestId('thread-title')).toHaveText(doctorName);

  // Sent after the local add, delivered once the server confirms (spec section 4).
  await nurse.route('**/api/pushnotifications/sendnotificationtouser', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await drawer.getByTestId('composer').fill(MESSAGE);
  await drawer.getByTestId('composer').press('Enter');
  const mine = drawer.getByTestId('message').filter({ hasText: MESSAGE });
  await expect(mine.getByTestId('message-status')).toHaveAttribute('data-status', 'sent');
  await snap(nurse, 'chat-1-nurse-sent', { fullPage: false });
  await expect(mine.getByTestId('message-status')).toHaveAttribute('data-status', 'delivered');
  await expect(mine).toContainText('Entregado');
  await snap(nurse, 'chat-2-nurse-delivered', { fullPage: false });

  // The doctor's page, open all along, shows the unread badge without a reload.
  await expect(doctor.getByTestId('messages-button')).toHaveAccessibleName(/Mensajes, 1 sin leer/);
  await snap(doctor, 'chat-3-doctor-badge', { fullPage: false });
  await doctor.getByTestId('messages-button').click();
  const doctorDrawer = doctor.getByRole('dialog', { name: 'Mensajes' });
  const conversation = doctorDrawer.getByTestId('conversation').first();
  await expect(conversation).toContainText(MESSAGE);
  await expect(conversation.getByTestId('conversation-unread')).toHaveText('1');
  await settled(doctor);
  await snap(doctor, 'chat-4-doctor-conversations', { fullPage: false });
  await conversation.click();
  await expect(doctorDrawer.getByTestId('message').filter({ hasText: MESSAGE })).toBeVisible();
  await snap(doctor, 'chat-5-doctor-thread', { fullPage: false });
  expect(await seriousViolations(doctor)).toEqual([]);

  // Opening the thread read it: the nurse's thread turns "read" live.
  await expect(mine.getByTestId('message-status')).toHaveAttribute('data-status', 'read');
  await expect(mine).toContainText('Leído');
  await expect(doctor.getByTestId('messages-button')).toHaveAccessibleName('Mensajes');
  await snap(nurse, 'chat-6-nurse-read', { fullPage: false });

  // The doctor answers; the nurse's open thread shows it live.
  await doctorDrawer.getByTestId('composer').fill('Sí, la reviso esta tarde.');
  await doctorDrawer.getByTestId('send-message').click();
  await expect(drawer.getByTestId('message').filter({ hasText: 'Sí, la reviso esta tarde.' })).toBeVisible();
  await snap(nurse, 'chat-7-nurse-reply', { fullPage: false });
});
