import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { setupTestEnvironment } from '../test/helpers';
import { serverFieldErrors, setFieldErrors } from './zodForm';

setupTestEnvironment();

describe('server field errors on a form', () => {
  it('a nested server name belongs to the form field holding it', () => {
    expect(
      serverFieldErrors({ 'content.body': 'required', other: 'required' }, ['name', 'content']),
    ).toEqual([{ name: 'content', errors: ['此项为必填项'] }]);
  });

  it('reach the input that shows them: by name, the input holding them, or the first inside', async () => {
    let form: FormInstance | undefined;
    function Editor() {
      const [instance] = Form.useForm();
      form = instance;
      return (
        <Form form={instance}>
          <Form.Item name={['content', 'file']} label="文件">
            <Input />
          </Form.Item>
          <Form.Item label="内容">
            <Form.Item name={['content', 'doc', 'zh']} noStyle>
              <Input aria-label="内容（中文）" />
            </Form.Item>
            <Form.Item name={['content', 'doc', 'en']} noStyle>
              <Input aria-label="内容（英文）" />
            </Form.Item>
          </Form.Item>
          <Form.Item name="title" label="标题">
            <Input />
          </Form.Item>
        </Form>
      );
    }
    render(<Editor />);
    await screen.findByLabelText('内容（中文）');
    act(() =>
      setFieldErrors(form!, [
        { name: ['content', 'doc'], errors: ['内容不能为空'] },
        { name: ['content', 'file', 'fileId'], errors: ['文件不存在'] },
        { name: 'title', errors: ['标题过长'] },
      ]),
    );
    expect(form!.getFieldError(['content', 'doc', 'zh'])).toEqual(['内容不能为空']);
    expect(form!.getFieldError(['content', 'file'])).toEqual(['文件不存在']);
    expect(form!.getFieldError('title')).toEqual(['标题过长']);
    expect(await screen.findByText('内容不能为空')).toBeTruthy();
  });
});
