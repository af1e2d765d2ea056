import { mount, unmount } from 'svelte';
import { expect, it, vi } from 'vitest';
import { adkScript } from 'adk-stream-wasm/testing';
import App from './App.svelte';

it('asks before paying, and sends the approval once', async () => {
  const transport = adkScript({ mode: 'sse' })
    .approvalRequest('process_payment', { recipient: 'Hanako', amount: 50 })
    .done()
    .toolResult('call-1', { paid: true })
    .text('Sent $50 to Hanako.')
    .done()
    .transport();
  const target = document.body.appendChild(document.createElement('div'));
  const app = mount(App, { target, props: { options: { transport } } });

  const input = target.querySelector('input')!;
  input.value = 'Send $50 to Hanako';
  input.dispatchEvent(new Event('input'));
  target.querySelector('form')!.requestSubmit();
  await vi.waitFor(() => expect(target.textContent).toContain('process_payment: Approve'));

  [...target.querySelectorAll('button')].find((b) => b.textContent === 'Approve')!.click();
  await vi.waitFor(() => expect(target.textContent).toContain('assistant: Sent $50 to Hanako.'));
  expect(transport.requestCount).toBe(2);
  expect(target.textContent).not.toContain('Approve');
  unmount(app);
});
