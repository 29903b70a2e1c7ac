import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '../a11y';
import { apiToken, apiCall, apiPost, signedIn, staffUserId } from '../support';
import { E2E_DATA_DIR, E2E_PORT } from '../playwright.config';

/**
 * The live-class journey: the media server (scripts/live-server.mjs: nginx-rtmp) runs beside the e2e
 * server, ffmpeg pushes a test pattern with the class's stream key, zhangsan watches it in hls.js and
 * chats with the administrator, whose page shows the push key; when the push stops the class ends.
 */

const NGINX = '/usr/sbin/nginx';
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const repoRoot = path.resolve(import.meta.dirname, '../..');
const missing = [NGINX, RTMP_MODULE, '/usr/bin/ffmpeg'].filter((file) => !fs.existsSync(file));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const children: ChildProcess[] = [];
test.afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});

test('a live class: pushed with ffmpeg into nginx-rtmp, watched in hls.js, chat, ended when the push stops', async ({
  browser,
  page,
  request,
}) => {
  test.skip(
    missing.length > 0,
    `needs ${missing.join(', ')} (apt-get install nginx libnginx-mod-rtmp ffmpeg)`,
  );
  test.setTimeout(90_000);

  // A course with a live class now, zhangsan enrolled (set up through the API).
  const admin = await apiToken(request, 'admin');
  const stamp = Date.now().toString(36);
  const course = await apiPost<{ courseId: number }>(request, admin, '/course/api/v1/course/add', {
    name: `直播测试课程${stamp}`,
  });
  const chapter = await apiPost<{ id: number }>(request, admin, '/course/api/v1/chapter/add', {
    courseId: course.courseId,
    title: '第一章',
  });
  const title = `产品发布会直播${stamp}`;
  const section = await apiPost<{ id: number }>(request, admin, '/course/api/v1/section/add', {
    chapterId: chapter.id,
    kind: 'live',
    title,
    liveStartAt: Date.now() + 60_000,
    liveMinutes: 30,
  });
  await apiPost(request, admin, `/course/api/v1/course/open?courseId=${course.courseId}`);
  await apiPost(request, admin, '/course/api/v1/member/add', {
    courseId: course.courseId,
    userIds: [await staffUserId(request, admin, 'zhangsan')],
  });
  const push = await apiCall<{ streamKey: string }>(
    request,
    admin,
    'GET',
    `/course/api/v1/live/push?sectionId=${section.id}`,
  );

  // The media server, on a free RTMP port, calling back to the e2e server.
  const rtmpPort = await freePort();
  const media = spawn(process.execPath, [path.join(repoRoot, 'scripts/live-server.mjs')], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      LIVE_RTMP_PORT: String(rtmpPort),
      LIVE_RTMP_BIND: '127.0.0.1',
    },
    stdio: 'ignore',
  });
  children.push(media);
  await expect.poll(() => portOpen(rtmpPort), { timeout: 10_000 }).toBe(true);

  // zhangsan waits in the room on his phone; the administrator's page shows the push key.
  await page.setViewportSize({ width: 375, height: 812 });
  await signedIn(page, 'zhangsan', `/live?sectionId=${section.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText('未开始');
  await expect(page.getByText(/距开始/)).toBeVisible();
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signedIn(adminPage, 'admin', `/live?sectionId=${section.id}`);
  await expect(adminPage.getByTestId('live-stream-key')).toContainText(push.streamKey);

  // The teacher goes live.
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-tune',
        'zerolatency',
        '-pix_fmt',
        'yuv420p',
        '-g',
        '50',
      ],
      ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${push.streamKey}`],
    ],
    { stdio: 'ignore' },
  );
  children.push(ffmpeg);
  await expect(page.getByTestId('live-status')).toHaveText('直播中', { timeout: 15_000 });

  // The picture plays in hls.js: time advances and frames have a size.
  const video = page.getByTestId('live-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(1);
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(first + 1);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([320, 180]);
  // On the phone the chat sits below the picture and nothing scrolls sideways.
  const [videoBox, chatBox] = [await video.boundingBox(), await page.getByLabel('发送消息').boundingBox()];
  expect(chatBox!.y).toBeGreaterThan(videoBox!.y + videoBox!.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Chat reaches the other page.
  const message = `老师好，画面很清楚 ${stamp}`;
  await page.getByLabel('发送消息').fill(message);
  await page.getByRole('button', { name: /发\s*送/ }).click();
  await expect(adminPage.getByRole('list', { name: '聊天消息' })).toContainText(message);
  await expect(page.getByLabel('发送消息')).toHaveValue('');

  // The push stops: the class ends for everyone.
  ffmpeg.kill('SIGINT');
  await expect(page.getByTestId('live-status')).toHaveText('已结束', { timeout: 20_000 });
  await expect(adminPage.getByTestId('live-status')).toHaveText('已结束');
  await expect(adminPage.getByText(/出勤记录（1 人）/)).toBeVisible({ timeout: 35_000 });
  await adminContext.close();
  media.kill('SIGTERM');
});
