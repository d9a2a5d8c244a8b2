import { afterEach, describe, expect, it } from 'vitest';
import { embedRatio, isResponsiveEmbed, makeEmbedsResponsive } from './embeds';

function html(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = markup;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('responsive video embeds', () => {
  it('resizes videos, video players in frames, and plugin objects', () => {
    const root = html(`
      <video id="v1" src="/talk.mp4"></video>
      <iframe id="yt" src="https://www.youtube.com/embed/abc" width="560" height="315"></iframe>
      <iframe id="vimeo" src="https://player.vimeo.com/video/1"></iframe>
      <object id="flash" data="/movie.swf" width="400" height="300"></object>
      <embed id="emb" src="/clip.mov">`);
    expect(makeEmbedsResponsive(root)).toBe(5);
    for (const id of ['v1', 'yt', 'vimeo', 'flash', 'emb']) expect(document.getElementById(id)?.classList.contains('responsive-embed')).toBe(true);
    expect(document.getElementById('yt')?.style.aspectRatio).toBe('560 / 315');
    expect(document.getElementById('vimeo')?.style.aspectRatio).toBe('16 / 9');
  });

  it('leaves the audio recorder, anything with mp3 in its id, PDF objects and other frames alone', () => {
    const root = html(`
      <div id="onlineaudiorecorder"><object id="rec" data="/recorder.swf"></object></div>
      <video id="onlineaudiorecorder-x"></video>
      <embed id="player_mp3_1" src="/song.mp3">
      <div id="mp3box"><video id="inside"></video></div>
      <object id="doc" data="/files/handbook.pdf"></object>
      <object id="typed" type="application/pdf" data="/files/x"></object>
      <embed id="pdfembed" src="/files/guide.PDF?forcedownload=0">
      <iframe id="tool" src="/mod/lti/launch.php?id=3"></iframe>`);
    expect(makeEmbedsResponsive(root)).toBe(1);
    expect(document.getElementById('onlineaudiorecorder-x')?.classList.contains('responsive-embed')).toBe(true);
    for (const id of ['rec', 'player_mp3_1', 'inside', 'doc', 'typed', 'pdfembed', 'tool']) {
      expect(isResponsiveEmbed(document.getElementById(id) as Element), id).toBe(false);
    }
  });

  it('takes the proportions from the width and height attributes', () => {
    const root = html('<iframe width="4" height="3"></iframe><iframe width="0" height="3"></iframe>');
    const [a, b] = root.querySelectorAll('iframe');
    expect(embedRatio(a as Element)).toBe('4 / 3');
    expect(embedRatio(b as Element)).toBe('16 / 9');
  });
});
