import { describe, expect, it } from 'vitest';
import { devicePass } from './device-pass';

describe('device.register pass (D7)', () => {
  it('is the lowercase hex SHA-256 of the upper-cased device id and the passcode', async () => {
    // echo -n 'TAB-1demo1' | sha256sum
    const tab1 = '6193e6e0d1ae8da7e5b85dbd28853fad71f0ad26e1acc5cc51da8d4594be792d';
    expect(await devicePass('tab-1', 'demo1')).toBe(tab1);
    expect(await devicePass('TAB-1', 'demo1')).toBe(tab1);
    // The passcode keeps its case; only the device id is upper-cased (echo -n 'TAB-1DEMO1' | sha256sum).
    expect(await devicePass('tab-1', 'DEMO1')).toBe(
      'e47f7e362c86940ba8f291b738c2073ce805b4f6a83bfdfc63cffd0e8a9b895d',
    );
  });
});
