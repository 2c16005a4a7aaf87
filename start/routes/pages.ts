/* Public and signed-in pages that belong to no other area. */
import router from '@adonisjs/core/services/router'
import { webStack } from '#start/routes/stacks'

const HomeController = () => import('#controllers/pages/home_controller')

router
  .group(() => {
    router.get('/', [HomeController, 'show']).as('home')
  })
  .use(webStack())
  .as('pages')
