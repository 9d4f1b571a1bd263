import { previewOf } from './SignagePlayerPanel';

describe('the TV panel preview of the segment on screen', () => {
  it('shows an image segment at the large prepared size', () => {
    expect(
      previewOf({ name: 'Menü', type: 'image', image: { id: 4, version: 2, extension: 'jpg' } }),
    ).toEqual({
      kind: 'image',
      url: '/image/large/4-2.jpg',
      name: 'Menü',
    });
  });

  it('shows a video segment by its public upload address', () => {
    expect(
      previewOf({
        name: 'Küche',
        type: 'video',
        video: { id: 9, version: 1, extension: 'mp4', publicHash: 'abc' },
      }),
    ).toEqual({ kind: 'video', url: '/upload/abc/9-1.mp4', name: 'Küche' });
  });

  it('shows a template segment as the render the TV fetches, with its product, branch and text', () => {
    expect(
      previewOf({
        name: 'Tagesgericht',
        type: 'template',
        template: { id: 3 },
        templateProduct: { id: 12 },
        templateBranch: null,
        templateText: 'Heute & morgen',
      }),
    ).toEqual({
      kind: 'image',
      url: '/api/image-templates/3/render.png?product=12&text=Heute+%26+morgen',
      name: 'Tagesgericht',
    });
  });

  it('says so when the segment lost its file', () => {
    expect(previewOf({ name: 'Alt', type: 'image', image: null })).toEqual({ kind: 'none', name: 'Alt' });
  });
});
