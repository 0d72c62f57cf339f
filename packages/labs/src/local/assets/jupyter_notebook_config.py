"""Configuration of a lab's notebook server. The platform's gateway is its only client: it
authenticates with a per-lab secret header, so no token is ever rendered into a page."""
import hmac, os
from notebook.auth.login import LoginHandler

class GatewayLoginHandler(LoginHandler):
    @classmethod
    def get_user(cls, handler):
        expected = os.environ.get('LAB_GATEWAY_SECRET', '')
        given = handler.request.headers.get('X-Lab-Secret', '')
        return 'lab' if expected and hmac.compare_digest(given, expected) else None

    @classmethod
    def login_available(cls, settings):
        return True

c = get_config()
c.NotebookApp.login_handler_class = GatewayLoginHandler
c.NotebookApp.token = ''
c.NotebookApp.password = ''
c.NotebookApp.allow_remote_access = True
c.NotebookApp.open_browser = False
c.NotebookApp.tornado_settings = {
    'headers': {
        'Content-Security-Policy': "frame-ancestors 'self' " + os.environ.get('LAB_FRAME_ANCESTORS', ''),
    },
}
c.NotebookApp.notebook_dir = os.environ.get('HOME', '/home/lab')
c.NotebookApp.quit_button = False
c.MappingKernelManager.cull_idle_timeout = 0
