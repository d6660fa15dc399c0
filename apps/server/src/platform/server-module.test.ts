import { describe, expect, it } from 'vitest';
import { createFaceRegistry } from './server-module.ts';

declare module './server-module.ts' {
  interface ModuleFaces {
    'test-early': { answer: number };
    'test-late': { answer: number };
  }
}

describe('the face registry modules register into', () => {
  it('answers a face registered earlier, and refuses one not registered yet with a way out', () => {
    const faces = createFaceRegistry();
    faces.offer('test-early', { answer: 1 });
    expect(faces.get('test-early').answer).toBe(1);
    expect(() => faces.get('test-late')).toThrow('module "test-late" is not registered yet: register it earlier, or use faces.later');
  });

  it('lets a module reach one registered after it, once that one is there', () => {
    const faces = createFaceRegistry();
    const late = faces.later('test-late');
    expect(() => late()).toThrow('not registered yet');
    faces.offer('test-late', { answer: 2 });
    faces.seal();
    expect(late().answer).toBe(2);
  });

  it('refuses a module registered twice, and names a missing one plainly once every module is in', () => {
    const faces = createFaceRegistry();
    faces.offer('test-early', { answer: 1 });
    expect(() => faces.offer('test-early', { answer: 3 })).toThrow('module "test-early" is registered twice');
    faces.seal();
    expect(() => faces.get('test-late')).toThrow(/^module "test-late" is not registered$/);
  });
});
