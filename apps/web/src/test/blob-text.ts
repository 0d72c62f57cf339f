/**
 * Node.js 22 and later make `Response.blob()` with the global `Blob`, which the jsdom environment
 * replaces with jsdom's, and jsdom's cannot be read with `text()` as a browser's can.
 */
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = async function text(this: Blob) {
    const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
      reader.readAsArrayBuffer(this);
    });
    return new TextDecoder().decode(bytes);
  };
}
