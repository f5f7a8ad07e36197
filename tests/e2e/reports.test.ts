import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { channelRepository } from '../../server/db/repositories/channel-repository';
import { teamRepository } from '../../server/db/repositories/team-repository';
import { userRepository } from '../../server/db/repositories/user-repository';
import { demoLogin, demoMembers, seedDemo } from '../../server/db/seed';
import type { Services } from '../../server/services';
import type { HandoffReasonCode } from '../../server/db/schema/channels';
import { ago, historyConversation, settle } from '../helpers/reports';
import { launchBrowser, type E2eBrowser } from './support/browser';
import { startKawan, type InProcessKawan } from './support/in-process';
import { logIn } from './support/accounts';

/**
 * Reports in Chromium, signed in as the demo owner: the charts draw, a shorter range changes the
 * figures, a table downloads as CSV, and today's figures follow a new conversation live. The app
 * runs in this file (as in widget.test.ts) over its own database, seeded with the demo and, on top
 * of whatever history the demo has, conversations spread over the last 60 days, so that the
 * journey never depends on how much the demo brings.
 */
const shots = '/tmp';

let kawan: InProcessKawan;
let services: Services;
let browser: E2eBrowser;
let teamId: number;

/** Varied conversations over the last 60 days on the demo's channels (a handful a day, more lately). */
async function history() {
  const channels = await channelRepository(services.db, teamId).all();
  const agent = (await userRepository(services.db).findByEmail(demoMembers.find((m) => m.role === 'agent')!.email))!;
  const reasons: HandoffReasonCode[] = ['user_request', 'repeated_fallback', 'offline', 'keyword', 'low_confidence'];
  let n = 0;
  for (let day = 59; day >= 0; day -= 1) {
    const count = day < 7 ? 4 : 2;
    for (let index = 0; index < count; index += 1) {
      n += 1;
      const channel = channels[n % channels.length];
      const handoff = n % 4 === 0 ? reasons[n % reasons.length] : undefined;
      await historyConversation(services, channel, {
        // Through the day, in the team's (Jakarta) office hours mostly.
        at: ago(day, (n * 5) % 11),
        botReplyAfterSeconds: 2 + (n % 9),
        handoff: channel.botId ? handoff : 'offline',
        assigneeId: handoff || !channel.botId ? agent.id : null,
        resolvedBy: n % 5 === 0 ? undefined : handoff || !channel.botId ? 'human' : n % 3 ? 'bot' : 'auto_idle',
        csat: channel.type === 'web' && n % 2 ? 3 + (n % 3) : undefined,
        feedback: n % 6 === 0 ? -1 : n % 3 === 0 ? 1 : null,
        fallback: n % 7 === 0,
        costUsd: 0.00012 + (n % 5) * 0.00003,
        status:
          channel.type === 'whatsapp' ? (['sent', 'delivered', 'read', 'read', 'failed'] as const)[n % 5] : undefined,
      });
    }
  }
  await settle(services);
}

beforeAll(async () => {
  kawan = await startKawan({
    name: 'reports',
    prepare: async (started) => {
      services = started;
      await seedDemo(services);
      const owner = (await userRepository(services.db).findByEmail(demoLogin.email))!;
      teamId = (await teamRepository(services.db).personalTeamOf(owner.id))!.id;
      await history();
    },
  });
  const { appUrl } = kawan;
  browser = await launchBrowser(appUrl);
  mkdirSync(shots, { recursive: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await kawan?.close();
});

/** The big figure of a metric card. */
const figure = (page: Page, label: string) =>
  page.getByRole('group', { name: label, exact: true }).locator('p').first();

/** Whether the canvas has anything drawn on it. */
const drawn = (page: Page, name: RegExp) =>
  page.getByRole('img', { name }).evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return false;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let index = 3; index < pixels.length; index += 4) if (pixels[index] !== 0) return true;
    return false;
  });

describe('Reports', () => {
  it('draws its charts, changes with the range, downloads a CSV and follows today live', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, demoLogin.email, demoLogin.password);
    await page.waitForURL(/\/dashboard/);
    await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
    await page.waitForURL(/\/reports$/);
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByText('Times in Asia/Jakarta').waitFor();

    // The charts load after the figures and draw something.
    const overTime = /Conversations per day with the auto-resolution rate/;
    await page.getByRole('img', { name: overTime }).waitFor();
    await page.getByRole('img', { name: /Handoffs by reason/ }).waitFor();
    await expect.poll(() => drawn(page, overTime)).toBe(true);
    await expect.poll(() => drawn(page, /Handoffs by reason/)).toBe(true);
    const thirty = await figure(page, 'Conversations').textContent();
    expect(Number(thirty!.replace(/,/g, ''))).toBeGreaterThan(60);
    await page.screenshot({ path: `${shots}/reports-1280.png`, fullPage: true, animations: 'disabled' });

    // 7 days: fewer conversations, in the address too.
    await page.getByRole('group', { name: 'Date range' }).getByRole('button', { name: '7 days' }).click();
    await page.waitForURL(/range=7d/);
    await expect.poll(() => figure(page, 'Conversations').textContent()).not.toBe(thirty);
    const seven = Number((await figure(page, 'Conversations').textContent())!.replace(/,/g, ''));
    expect(seven).toBeLessThan(Number(thirty!.replace(/,/g, '')));
    await page.getByText(/\(7 days\), compared with/).waitFor();

    // The daily series as CSV, for the same 7 days.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV of Conversations over time' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kawan-report-daily-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      'day,conversations,bot_handled,auto_resolved,auto_resolution_rate,handoffs,inbound_messages,ai_replies,human_replies',
    );
    expect(csv.trim().split('\r\n')).toHaveLength(8);

    // Today: a new conversation shows without reloading the page.
    await page.getByRole('group', { name: 'Date range' }).getByRole('button', { name: 'Today' }).click();
    await page.waitForURL(/range=today/);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const before = Number((await figure(page, 'Conversations').textContent())!.replace(/,/g, ''));
    const [web] = (await channelRepository(services.db, teamId).all()).filter((channel) => channel.type === 'web');
    await historyConversation(services, web, { at: new Date(Date.now() - 30_000), botReplyAfterSeconds: 1 });
    await settle(services);
    await expect
      .poll(async () => Number((await figure(page, 'Conversations').textContent())!.replace(/,/g, '')), {
        timeout: 15_000,
      })
      .toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Back to 30 days on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/reports?range=30d');
    await page.getByRole('img', { name: overTime }).waitFor();
    await expect.poll(() => drawn(page, overTime)).toBe(true);
    // Nothing wider than the phone: the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/reports-390.png`, fullPage: true, animations: 'disabled' });
    expect(errors).toEqual([]);
  });
});
