/**
 * A Python script a test runs inside a lab to race the platform's file operations: it moves,
 * deletes and briefly replaces `same.txt` with a folder, and swaps the platform's temporary
 * upload files (`.upload.*`) for a folder or a symlink to `/usr/bin` as soon as they appear.
 */
export function fileChurnScript(options: { folder?: string; uploadSwapChance: number }): string {
  return `import os, random, time
${options.folder ? `os.chdir('${options.folder}')\n` : ''}while True:
    try:
        for n in os.listdir('.'):
            if n.startswith('.upload.') and random.random() < ${options.uploadSwapChance}:
                try:
                    os.unlink(n)
                    if random.random() < 0.5:
                        os.mkdir(n)
                    else:
                        os.symlink('/usr/bin', n)
                except OSError:
                    pass
        r = random.random()
        if r < 0.1:
            os.rename('same.txt', 'moved.txt')
        elif r < 0.2:
            os.unlink('same.txt')
        elif r < 0.25:
            os.mkdir('same.txt')
            time.sleep(0.001)
            os.rmdir('same.txt')
        time.sleep(0.0005)
    except OSError:
        pass
`;
}
