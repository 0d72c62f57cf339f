import { afterEach, describe, expect, it, vi } from 'vitest';
import { labPasteMessage } from '@platform/contract';
import { frameLoadedAttribute } from '../../labs/frameLoaded';
import { sendToLab } from './sendToLab';

afterEach(() => document.body.replaceChildren());

describe('sending a command to the lab', () => {
  it('posts it to every lab frame, each at its own origin', () => {
    const box = document.createElement('div');
    const frames = ['http://11.labs.localhost:8080/', 'http://12.labs.localhost:8080/panel'].map(
      (src) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.setAttribute(frameLoadedAttribute, '');
        box.append(frame);
        return frame;
      },
    );
    document.body.append(box);
    const posts = frames.map((f) => vi.spyOn(f.contentWindow!, 'postMessage'));
    expect(sendToLab(box, 'ls -l')).toBe(true);
    expect(posts[0]).toHaveBeenCalledWith(
      { type: labPasteMessage, text: 'ls -l' },
      'http://11.labs.localhost:8080',
    );
    expect(posts[1]).toHaveBeenCalledWith(
      { type: labPasteMessage, text: 'ls -l' },
      'http://12.labs.localhost:8080',
    );
  });

  it('holds it for a frame whose page is still loading, and posts it once loaded', () => {
    const box = document.createElement('div');
    const frame = document.createElement('iframe');
    frame.src = 'http://11.labs.localhost:8080/';
    box.append(frame);
    document.body.append(box);
    const post = vi.spyOn(frame.contentWindow!, 'postMessage');
    expect(sendToLab(box, 'ls -l')).toBe(true);
    expect(post).not.toHaveBeenCalled();
    frame.dispatchEvent(new Event('load'));
    expect(post).toHaveBeenCalledExactlyOnceWith(
      { type: labPasteMessage, text: 'ls -l' },
      'http://11.labs.localhost:8080',
    );
    frame.dispatchEvent(new Event('load'));
    expect(post).toHaveBeenCalledOnce();
  });

  it('says so when no lab is open', () => {
    const box = document.createElement('div');
    document.body.append(box);
    expect(sendToLab(box, 'ls')).toBe(false);
    expect(sendToLab(null, 'ls')).toBe(false);
  });
});
