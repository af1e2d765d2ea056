import { flushPromises, mount } from '@vue/test-utils';
import { expect, it } from 'vitest';
import { adkScript } from 'adk-stream-wasm/testing';
import App from './App.vue';

it('asks before paying, and sends the approval once', async () => {
  const transport = adkScript({ mode: 'sse' })
    .approvalRequest('process_payment', { recipient: 'Hanako', amount: 50 })
    .done()
    .toolResult('call-1', { paid: true })
    .text('Sent $50 to Hanako.')
    .done()
    .transport();
  const app = mount(App, { props: { options: { transport } } });

  await app.find('input').setValue('Send $50 to Hanako');
  await app.find('form').trigger('submit');
  await transport.settled();
  await flushPromises();
  expect(app.text()).toContain('process_payment: Approve');

  await app.findAll('button').find((b) => b.text() === 'Approve')!.trigger('click');
  expect(await transport.settled()).toBe(2);
  await flushPromises();
  expect(app.text()).toContain('assistant: Sent $50 to Hanako.');
  expect(app.text()).not.toContain('Approve');
});
