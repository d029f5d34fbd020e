import { scriptsAfterPaint } from '../server/scripts-after-paint';

describe('scriptsAfterPaint (the page scripts fetched once the page is painted)', () => {
  const tags = '<script src="/assets/entries/entry-client.abc.js" type="module" async nonce="N0nce"></script>\n<link rel="modulepreload" href="/assets/chunks/a.js" as="script" type="text/javascript">';
  const page = (scripts: string) => `<html><head><meta charset="UTF-8"><link rel="stylesheet" href="/a.css"></head><body><div id="root">x</div>${scripts}</body></html>`;

  it('keeps Vike\'s tags as written, inert in a template, followed by the loader under the same nonce', () => {
    const html = scriptsAfterPaint(page(tags));
    expect(html).toContain(`<template>${tags}</template><script nonce="N0nce">(function(){`);
    expect(html.replace(/<template>[\s\S]*<\/template>/, '')).not.toContain('/assets/');
  });

  it('starts holding presses at the top of <head>, after the character set and before any stylesheet, under the nonce', () => {
    const html = scriptsAfterPaint(page(tags));
    expect(html).toMatch(/^<html><head><meta charset="UTF-8"><script nonce="N0nce">\(function\(\)\{var L=window\.__pressesHeld=[^]*?<\/script><link rel="stylesheet"/);
  });

  it('finds the tags after a page text that quotes them (escaped, as React and Vike write text and data)', () => {
    const quoted = '<p>&lt;script src="/x.js" type="module" async&gt;&lt;/script&gt;</p><script type="application/json">"\\u003cscript src=\\"/y.js\\""</script>';
    const html = scriptsAfterPaint(page(`${quoted}${tags}`));
    expect(html).toContain(`${quoted}<template>${tags}</template><script nonce="N0nce">`);
  });

  it('finds the tags when another script comes after them', () => {
    const later = '<script src="/later.js" nonce="N0nce"></script>';
    const html = scriptsAfterPaint(page(`${tags}${later}`));
    expect(html).toContain(`<template>${tags}</template><script nonce="N0nce">(function(){`);
    expect(html).toContain(`</script>${later}</body>`);
  });

  it('leaves a page unchanged when its entry script has no nonce (the loader could not run) or it has no scripts', () => {
    const bare = page(tags.replace(' nonce="N0nce"', ''));
    expect(scriptsAfterPaint(bare)).toBe(bare);
    expect(scriptsAfterPaint(page(''))).toBe(page(''));
  });
});
