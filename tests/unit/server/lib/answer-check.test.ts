import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineEndpoint } from '../../../../src/common/contract/endpoint';
import type { Config } from '../../../../src/server/config';
import { route } from '../../../../src/server/lib/endpoint';

/**
 * route()'s `skipAnswerCheck` (docs/decisions/007, "Cache off"): in production the answer is sent as
 * `JSON.stringify` gives it, unchecked; elsewhere the usual check runs and the answer must already be the check's own
 * output (its fields, in the schema's order), so a test of the path fails when production would answer other bytes.
 */
const def = defineEndpoint({
  path: '/v2/answer-check',
  access: 'public',
  summary: 'test',
  request: z.object({ shape: z.enum(['good', 'reordered', 'extra', 'invalid']) }),
  response: z.object({ a: z.number(), b: z.string() }),
});

const answers = {
  good: { a: 1, b: 'x' },
  reordered: { b: 'x', a: 1 },
  extra: { a: 1, b: 'x', secret: 'kept out by the check' },
  invalid: { a: 'one', b: 'x' },
};

async function appFor(nodeEnv: Config['NODE_ENV'], skipAnswerCheck: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', { NODE_ENV: nodeEnv } as Config);
  route(app, def, async ({ input }) => answers[input.shape] as z.input<typeof def.response>, { skipAnswerCheck });
  await app.ready();
  return app;
}

const call = (app: Awaited<ReturnType<typeof appFor>>, shape: keyof typeof answers) =>
  app.inject({ method: 'POST', url: def.path, payload: { lang: 'en', shape } });

describe('route() with skipAnswerCheck', () => {
  it('in production, answers JSON.stringify of the envelope, unchecked', async () => {
    const app = await appFor('production', true);
    const good = await call(app, 'good');
    expect(good.statusCode).toBe(200);
    expect(good.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(good.body).toBe('{"success":true,"code":200,"message":"OK","data":{"a":1,"b":"x"}}');
    // Unchecked: what the handler gave is what goes out (the handler's types and the tests are the guarantee).
    expect((await call(app, 'reordered')).body).toContain('"data":{"b":"x","a":1}');
    expect((await call(app, 'invalid')).statusCode).toBe(200);
    await app.close();
  });

  it('elsewhere, checks the answer and refuses one whose bytes differ from the check’s output', async () => {
    const app = await appFor('test', true);
    expect((await call(app, 'good')).body).toBe('{"success":true,"code":200,"message":"OK","data":{"a":1,"b":"x"}}');
    expect((await call(app, 'reordered')).statusCode).toBe(500);
    expect((await call(app, 'extra')).statusCode).toBe(500);
    expect((await call(app, 'invalid')).statusCode).toBe(500);
    await app.close();
  });

  it('without it, checks every answer in production as before (reordered and extra fields are mended)', async () => {
    const app = await appFor('production', false);
    expect((await call(app, 'reordered')).body).toContain('"data":{"a":1,"b":"x"}');
    expect((await call(app, 'extra')).body).not.toContain('secret');
    expect((await call(app, 'invalid')).statusCode).toBe(500);
    await app.close();
  });
});
