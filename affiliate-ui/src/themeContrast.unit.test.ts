import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { theme as backOffice } from '../../admin-ui/src/theme';
import { theme as portal } from './theme';

/** WCAG AA for normal text: what the palettes' colours are used for (links, chips, labels, white on buttons). */
const AA = 4.5;

describe('the light palettes of both apps', () => {
  const palettes = { portal: portal.palette, 'back office': backOffice.palette as typeof portal.palette };

  it.each(Object.entries(palettes))('%s: the pink, the green and the orange read as text on every light background, and white reads on them', (_, palette) => {
    for (const colour of [palette.primary.main, palette.success.main, palette.warning.main]) {
      for (const background of ['#ffffff', '#fafafa', '#f6f5fa']) expect(getContrastRatio(colour, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(AA);
      expect(getContrastRatio('#ffffff', colour), `white on ${colour}`).toBeGreaterThanOrEqual(AA);
    }
  });
});
